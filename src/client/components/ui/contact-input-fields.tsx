import { InputField, type InputFieldProps } from './form-field';

type PresetFieldProps = Omit<InputFieldProps, 'type' | 'autoComplete'>;

/**
 * The e-mail and phone inputs every form asks for (sign-up, sign-in, checkout, contact): the
 * type and autocomplete hint that mobile keyboards and browsers' autofill key on, set once.
 */
export function EmailField(props: PresetFieldProps) {
  return <InputField type="email" autoComplete="email" {...props} />;
}

export function PhoneField(props: PresetFieldProps) {
  return <InputField type="tel" autoComplete="tel" {...props} />;
}

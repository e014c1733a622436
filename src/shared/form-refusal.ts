// The answer of the multipart admin forms (product and post saves), read by one client helper.

/** A refused form: the message to toast and, for invalid input, the messages of each field. */
export type FormRefusal = { error: string; fieldErrors?: Record<string, string[]> };

/** What a successful save answers: the record's id and its (possibly new) slug. */
export type SavedRecord = { id: number; slug: string };

/** A refusal that belongs under one field of the form. */
export const fieldRefusal = (field: string, message: string): FormRefusal => ({
  error: message,
  fieldErrors: { [field]: [message] },
});

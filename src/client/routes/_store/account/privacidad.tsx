import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@client/features/privacy/privacy-page';

export const Route = createFileRoute('/_store/account/privacidad')({
  component: PrivacyPage,
});

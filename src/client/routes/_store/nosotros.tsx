import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '@client/features/contact/contact-page';

export const Route = createFileRoute('/_store/nosotros')({ component: ContactPage });

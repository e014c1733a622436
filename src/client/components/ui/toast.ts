import { toast } from 'sonner';

export const notify = {
  success(message: string) {
    return toast.success(message, { duration: 2000 });
  },
  error(message: string) {
    return toast.error(message, { duration: 4000 });
  },
  info(message: string) {
    return toast.info(message);
  },
};

// The captcha image of a page (generateRandomValidate): a fresh one whenever the page opens or
// asks again; each one is good for one try.
import { useQuery } from '@tanstack/react-query';
import { type Captcha, newCaptcha } from '../../auth/authApi';

export interface CaptchaState {
  captcha: Captcha | null;
  loading: boolean;
  error: Error | null;
  refresh(): void;
}

export function useCaptcha(enabled = true): CaptchaState {
  const query = useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: newCaptcha,
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnMount: 'always',
  });
  return {
    captcha: query.data ?? null,
    loading: query.isFetching,
    error: query.error,
    refresh: () => void query.refetch(),
  };
}

// The signed-in user as the server sees it now (/auth/current): responsibilities, the current
// one, its menus (named in the request's language), its granted resource codes and the
// company's time zone. The one cached copy lives in TanStack Query, keyed by session and
// language.
import { useMemo } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../api';
import { useLanguage } from '../shell/language';
import { AUTH } from './authApi';
import { useStoredSession } from './session';

export interface CurrentMenu {
  menuId: number;
  menuParentId: number;
  menuName: string;
  menuType: string;
  menuCode: string;
  htmlUrl: string | null;
  imageLink: string | null;
  levelId: number | null;
  enabled: string;
}

export interface CurrentUser {
  userId: number;
  userName: string;
  userFullName: string;
  userType: 'INTERNAL' | 'EXTERNAL';
  supplierId: number | null;
  supplierName: string | null;
  email: string | null;
  mobile: string | null;
  languageCode: string;
}

export interface Responsibility {
  responsibilityId: number;
  responsibilityName: string;
  side: string;
}

export interface Current {
  user: CurrentUser;
  responsibilities: Responsibility[];
  responsibilityId: number | null;
  menus: CurrentMenu[];
  resources: string[];
  /** The company's time zone (the server's SRM_TIME_ZONE). */
  timeZone: string;
}

export const CURRENT_KEY = ['auth', 'current'] as const;

export function useCurrent() {
  const session = useStoredSession();
  const { language } = useLanguage();
  return useQuery({
    queryKey: [...CURRENT_KEY, session?.authorizationCode ?? null, language],
    queryFn: () => apiPost<Current>(`${AUTH}/current`, {}),
    enabled: !!session,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

/** The granted resource codes as a set (stable while the answer is). */
export function useGrantedSet(current: Current | undefined): ReadonlySet<string> {
  const resources = current?.resources;
  return useMemo(() => new Set(resources ?? []), [resources]);
}

/** Forgets the cached answer (after switching responsibility or editing the profile). */
export function useReloadCurrent(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: CURRENT_KEY });
}

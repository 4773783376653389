// The labels of the kernel, the toolkit and the areas (field names, menus, tabs, messages) in the
// language shown: loaded by the first page that shows them (the workspace, the registration
// pages; never the login page), and for another language before a switch to it shows.
import { useEffect, useState } from 'react';
import { type Catalogue, type Dictionary, type Locale, kernelLabels, loadDictionary } from '@srm/kernel';
import { platformUiLabels } from '@srm/platform-ui';
import { domainLabels } from '@srm/domain/screens';
import { prepareAlso } from './language';

const sources = [kernelLabels, platformUiLabels, ...domainLabels];
const loaded: Partial<Record<Locale, Dictionary>> = {};
const loading = new Map<Locale, Promise<void>>();
let catalogue: Catalogue = { 'zh-CN': {}, en: {} };

/** Loads a language's labels (once). */
export function loadLabels(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    pending = loadDictionary(sources, locale).then((dictionary) => {
      loaded[locale] = dictionary;
      catalogue = { 'zh-CN': loaded['zh-CN'] ?? {}, en: loaded.en ?? {} };
    });
    // A failed load (a chunk the network lost) is tried again next time.
    pending.catch(() => loading.delete(locale));
    loading.set(locale, pending);
  }
  return pending;
}

/** The labels loaded so far (a language not loaded is empty). */
export function loadedLabels(): Catalogue {
  return catalogue;
}

/** The catalogue once the language's labels are loaded (undefined before), or the load's error. */
export function useLabels(locale: Locale): { catalogue?: Catalogue; error?: Error } {
  const [, setLoaded] = useState(0);
  const [error, setError] = useState<Error>();
  const ready = !!loaded[locale];
  useEffect(() => {
    prepareAlso(loadLabels);
    if (ready) return;
    let live = true;
    loadLabels(locale).then(
      () => live && setLoaded((count) => count + 1),
      (cause: unknown) => live && setError(cause instanceof Error ? cause : new Error(String(cause))),
    );
    return () => {
      live = false;
    };
  }, [locale, ready]);
  return ready ? { catalogue } : { error };
}

import { useCallback, useState } from 'react';

/** `key`'s stored value when it is a non-negative integer `accept` takes, else `fallback`. */
export function storedBigint(key: string, fallback: bigint, accept: (value: bigint) => boolean): bigint {
  try {
    const text = globalThis.localStorage?.getItem(key);
    if (text && /^\d{1,18}$/.test(text) && accept(BigInt(text))) return BigInt(text);
  } catch {
    // storage unavailable (privacy mode): the fallback applies
  }
  return fallback;
}

/** A swap setting kept in the browser across visits (a decimal string under `key`). */
export function useStoredBigint(
  key: string,
  fallback: bigint,
  accept: (value: bigint) => boolean,
): [bigint, (next: bigint) => void] {
  const [value, setValue] = useState<bigint>(() => storedBigint(key, fallback, accept));
  const set = useCallback(
    (next: bigint) => {
      setValue(next);
      try {
        globalThis.localStorage?.setItem(key, next.toString());
      } catch {
        // storage unavailable: the choice holds for this page
      }
    },
    [key],
  );
  return [value, set];
}

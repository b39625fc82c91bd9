import enCommon from './locales/en/common.json';
import enErrors from './locales/en/errors.json';
import enFarm from './locales/en/farm.json';
import enLogin from './locales/en/login.json';
import enScreens from './locales/en/screens.json';
import enSwap from './locales/en/swap.json';
import enTx from './locales/en/tx.json';
import zhCommon from './locales/zh/common.json';
import zhErrors from './locales/zh/errors.json';
import zhFarm from './locales/zh/farm.json';
import zhLogin from './locales/zh/login.json';
import zhScreens from './locales/zh/screens.json';
import zhSwap from './locales/zh/swap.json';
import zhTx from './locales/zh/tx.json';

/** Every namespace, bundled statically (no language file is fetched at run time). One line each. */
export const resources = {
  en: {
    common: enCommon,
    errors: enErrors,
    farm: enFarm,
    login: enLogin,
    screens: enScreens,
    swap: enSwap,
    tx: enTx,
  },
  zh: {
    common: zhCommon,
    errors: zhErrors,
    farm: zhFarm,
    login: zhLogin,
    screens: zhScreens,
    swap: zhSwap,
    tx: zhTx,
  },
} as const;

export const NAMESPACES = [
  'common',
  'errors',
  'farm',
  'login',
  'screens',
  'swap',
  'tx',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

import 'i18next';
import type en from '../../locales/en.json';
import type custom from '../../locales/custom/en.json';
import type info from '../../locales/info/en.json';
import type vacuum from '../../locales/vacuum/en.json';
import type wheelshare from '../../locales/wheelshare/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof en;
      info: typeof info;
      vacuum: typeof vacuum;
      wheelshare: typeof wheelshare;
      custom: typeof custom;
    };
  }
}

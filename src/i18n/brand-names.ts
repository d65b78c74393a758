import type { PostProcessorModule } from 'i18next';

/**
 * The payment brands whose names are two words. Read in running text ("…ב-Google Pay."), a line may
 * otherwise break between the words, and "Google / Pay" on two lines reads as two things (design.md §5.4).
 */
const TWO_WORD_BRANDS = /\b(Google|Apple) Pay\b/g;
/**
 * A text that is the name alone labels a method: its style keeps it on one line (drawer.css), and its
 * accessible name stays the brand's own spelling.
 */
const NAME_ALONE = /^(Google|Apple) Pay$/;

/** Every translated sentence keeps those names whole: the space inside them becomes a no-break space. */
export const brandNamesWhole = {
  type: 'postProcessor',
  name: 'brandNamesWhole',
  process: (value: string) => (NAME_ALONE.test(value) ? value : value.replace(TWO_WORD_BRANDS, '$1\u00a0Pay')),
} satisfies PostProcessorModule;

import type { DetailedHTMLProps, HTMLAttributes } from 'react';

/** Apple's <apple-pay-button> (Apple Pay JS SDK; developer.apple.com/documentation/applepayontheweb/applepaybutton). */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'apple-pay-button': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & {
        buttonstyle: 'black' | 'white' | 'white-outline';
        type: 'plain' | 'buy' | 'pay' | 'check-out' | 'donate' | 'book' | 'order' | 'subscribe';
        locale: string;
      };
    }
  }
}

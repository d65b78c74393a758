import { Trans } from 'react-i18next';
import type { MachineIdentity as Identity } from '../../machines/menu/menu.types';

interface MachineIdentityProps {
  /** Undefined for an older operator's menu that does not name the machine: nothing is shown. */
  identity: Identity | undefined;
  /** Where it stands: the page's header, or the receipt. */
  className: string;
}

/**
 * The machine as its sticker names it: its name, where it stands, and the number printed beside its QR code,
 * so the visitor can check the page belongs to the machine in front of them (fake QR stickers). The number is
 * a left-to-right box of its own: in Hebrew "VM-1001" stays one word, not "1001-VM".
 */
export function MachineIdentity({ identity, className }: MachineIdentityProps) {
  if (!identity) return null;
  return (
    <div className={`machine-identity ${className}`}>
      <p className="machine-identity__place">
        <bdi className="machine-identity__name">{identity.name}</bdi>
        {identity.location && (
          <>
            <span aria-hidden="true"> · </span>
            <bdi>{identity.location}</bdi>
          </>
        )}
      </p>
      <p className="machine-identity__number">
        <Trans
          i18nKey="machine.number"
          values={{ number: identity.number }}
          components={{ number: <bdi dir="ltr" className="machine-identity__printed" /> }}
        />
      </p>
    </div>
  );
}

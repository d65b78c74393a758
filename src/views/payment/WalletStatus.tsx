/**
 * A wallet step's status line: what to do, then what is going on while the payment is processed,
 * announced as it changes. Both texts keep their place (the hidden one invisible), so the line keeps
 * the height of the longer one and the button below never moves.
 */
export function WalletStatus({ busy, idleText, busyText }: { busy: boolean; idleText: string; busyText: string }) {
  return (
    <p role="status" className="wallet-status">
      <span aria-hidden={busy}>{idleText}</span>
      <span aria-hidden={!busy}>{busyText}</span>
    </p>
  );
}

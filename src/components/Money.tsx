/** An amount with its currency symbol, kept left-to-right inside Hebrew text. */
export function formatMoney(amount: number, symbol: string): string {
  return `${symbol}${amount.toFixed(2)}`;
}

export function Money({ amount, symbol }: { amount: number; symbol: string }) {
  return <bdi dir="ltr">{formatMoney(amount, symbol)}</bdi>;
}

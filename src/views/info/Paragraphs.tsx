/** Long texts keep one paragraph per line. */
export function Paragraphs({ text }: { text: string }) {
  return text.split('\n').map((paragraph, index) => <p key={index}>{paragraph}</p>);
}

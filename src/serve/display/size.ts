/** The largest input a person is shown, whole, in UTF-8 bytes of its JSON: 256 KiB. @public */
export const MAX_SHOWN_INPUT_BYTES = 256 * 1024;

/**
 * Why a call that needs a person cannot be put to one, or undefined: its input is larger than a
 * person is shown whole, and toolgate shows no call cut.
 * @public
 */
export function tooLargeToShow(input: unknown): string | undefined {
  // A string of n UTF-16 units is at most 3n bytes: most inputs need no encoding.
  const text = JSON.stringify(input) ?? '';
  if (text.length * 3 <= MAX_SHOWN_INPUT_BYTES) return undefined;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes <= MAX_SHOWN_INPUT_BYTES) return undefined;
  return `this call needs a person's answer, but its input is ${(bytes / 1024).toFixed(0)} KiB, more than the ${MAX_SHOWN_INPUT_BYTES / 1024} KiB the approval page shows whole; toolgate never asks about a call it cannot show in full`;
}

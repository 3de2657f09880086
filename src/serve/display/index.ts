/**
 * What a person is shown of a call: the whole input up to 256 KiB, secrets of the listed shapes
 * masked (never a command word, an operator, a substitution or a redirection), separate from the
 * audit log's broader redaction.
 * @packageDocumentation
 */
export { SECRET_SHAPES, type SecretShape } from './shapes.js';
export {
  MASK,
  maskText,
  maskCommand,
  maskField,
  maskInput,
  type MaskedPart,
  type MaskedText,
  type InputMask,
  type MaskedInput,
} from './mask.js';
export { MAX_SHOWN_INPUT_BYTES, tooLargeToShow } from './size.js';

import type { ModelMessage } from 'ai';
import { sameInput } from '../shared/call-memory.js';

/**
 * The person's answer to this call, as the AI SDK itself reads it (`collectToolApprovals`): a
 * `tool-approval-response` in the request's **last** message (role `tool`) for an approval request
 * of this call id, where the `tool-call` that id names (the last one in the messages) has this
 * input. An approval of another call that reused the id, or one from an earlier turn, is not one.
 */
export function approvalFor(messages: readonly ModelMessage[], toolCallId: string, input: unknown): 'approved' | 'refused' | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'tool') return undefined;
  const requests = new Map<string, string>();
  let callInput: { value: unknown } | undefined;
  for (const m of messages) {
    if (m.role !== 'assistant' || typeof m.content === 'string') continue;
    for (const part of m.content) {
      if (part.type === 'tool-approval-request') requests.set(part.approvalId, part.toolCallId);
      if (part.type === 'tool-call' && part.toolCallId === toolCallId) callInput = { value: part.input };
    }
  }
  if (callInput === undefined || !sameInput(callInput.value, input)) return undefined;
  if (last.content.some((p) => p.type === 'tool-result' && p.toolCallId === toolCallId)) return undefined;
  for (const part of last.content) {
    if (part.type === 'tool-approval-response' && requests.get(part.approvalId) === toolCallId)
      return part.approved ? 'approved' : 'refused';
  }
  return undefined;
}

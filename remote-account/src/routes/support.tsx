import { PlaceholderScreen } from '@pod/shared-contracts';

/** /support: the legal documents and the chat note (issue 15). */
export function SupportScreen() {
  return <PlaceholderScreen title="Support" />;
}

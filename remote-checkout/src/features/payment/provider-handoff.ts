import type { ProviderForm } from './api/create-transaction';

/** `action` with `fields` as its query (the card popup and PayPal are opened with GET). */
export function providerUrl(payment: Pick<ProviderForm, 'action' | 'fields'>): string {
  const query = new URLSearchParams(payment.fields).toString();
  if (!query) return payment.action;
  return `${payment.action}${payment.action.includes('?') ? '&' : '?'}${query}`;
}

/**
 * Posts the provider's form the way a hosted payment page expects: a real <form> with one
 * hidden input per field, in the server's order (PayFast signs the fields in that order),
 * appended to the document and submitted natively. The page then leaves the portal.
 */
export function submitProviderForm(payment: Pick<ProviderForm, 'action' | 'fields' | 'method'>): HTMLFormElement {
  const form = document.createElement('form');
  form.method = payment.method === 'GET' ? 'get' : 'post';
  form.action = payment.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(payment.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  return form;
}

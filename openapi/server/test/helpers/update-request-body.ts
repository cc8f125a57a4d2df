/**
 * A valid PUT /user/requestchange body (a local bank, the publisher's details) for `email`: the
 * update request the admin console tests approve, deny or read back.
 */
export const UPDATE_REQUEST = (email: string) => ({
  pendingUserChanges: { name_first: 'Sipho', name_last: 'Dlamini', username: email, phone_main: '0821234567' },
  bankInfo: {
    bank_name: 'Absa Group Limited',
    brance_code: '632 005',
    branch_name: 'Durban',
    account_name: 'Sipho Dlamini',
    account_type: 'Savings',
    account_number: '9988 7766',
    publish_name: 'Sipho Books',
    email: 'books@example.test',
    telephone: '0311234567',
    contact_person: 'Sipho Dlamini',
    reg_id_no: 'ID 8001015009087',
    postal_address: 'PO Box 9, Durban',
    physical_address: '9 Marine Parade, Durban',
  },
});

-- The bulk upload asks, for every row, whether the user already has a book of that title in that
-- region (trimmed, case-insensitive: the 409 'Duplicate upload detected'). books_user_idx found
-- the user's records and then read every title; with thousands of books per user that grew with
-- each row saved. This index answers the comparison itself, for one title or a batch of them (=
-- ANY); the region is a filter on the few records it finds.
CREATE INDEX books_user_title_idx ON books (user_id, lower(btrim(book_title)));

-- PDF preflight of uploaded book files (issue 14): POST /user/preflight.
--
-- The analysis of a complete book upload is kept on its row, so asking again (the upload screen,
-- then POST /user/uploadbook) costs nothing. preflight: { version, key, analysis } where key
-- names what the file was checked against (the quote's page count and trim size) and version
-- the checker; either differing means the file is checked again. The author's bleed choice is
-- not part of it: the warning it decides is added when the report is answered.
ALTER TABLE uploads ADD COLUMN preflight jsonb;

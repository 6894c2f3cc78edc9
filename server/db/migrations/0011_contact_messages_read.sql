-- The admin's Messages screen (issue 39): when a contact message was read; null while unread, which is every
-- message stored before this migration.
ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;

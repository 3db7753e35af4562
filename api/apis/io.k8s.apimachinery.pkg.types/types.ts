// Imported by kubegen import; edit freely: this is now API source.

/**
 * UID is a type that holds unique ID values, including UUIDs.  Because we
 * don't ONLY use UUIDs, this is an alias to string.  Being a type captures
 * intent and helps make sure that UIDs and names do not get conflated.
 */
export type UID = string;

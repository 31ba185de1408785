/* Removing a temporary tree whatever a program left in it: folders it made
 * read-only (Go's module cache does), or unreadable, are made writable
 * before anything inside them is removed, and no link is ever followed, so
 * a link planted in the tree cannot aim the removal elsewhere. */
#ifndef TSR_CLI_REMOVE_TREE_H
#define TSR_CLI_REMOVE_TREE_H

/* Removes path and everything below it (a file or a link alone is removed
 * itself); goes on past what cannot be removed. Returns 0, or -1 when
 * something stayed (errno of the first failure). */
int remove_tree(const char *path);

#endif

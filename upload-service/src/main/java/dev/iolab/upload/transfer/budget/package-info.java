/**
 * The heap running uploads may hold: {@link dev.iolab.upload.transfer.budget.MemoryBudget} ({@code
 * upload.memory-budget.*}) reserves a strategy's measured cost before a body is read and what an in-memory upload
 * holds as its bytes arrive, and gives it back however the upload ends.
 */
package dev.iolab.upload.transfer.budget;

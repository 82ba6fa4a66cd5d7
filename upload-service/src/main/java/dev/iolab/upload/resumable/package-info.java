/**
 * Resumable uploads over tus 1.0 ({@code /files/}): a cut connection costs at most one block of re-sent bytes, not the
 * whole file. Core, {@code creation}, {@code creation-with-upload}, {@code termination}, {@code expiration} and
 * {@code checksum}. No replica keeps anything of an upload: its state is the metadata of a blob in the staging
 * container, its bytes that blob's uncommitted blocks ({@code storage.ResumableBlobs}), its offset derived from the
 * block list ({@link dev.iolab.upload.resumable.BlockGrid}), its writer the holder of a storage lease. So any replica
 * answers any request, and a replica that dies mid-{@code PATCH} loses at most the block it was filling. Bodies are
 * admitted, rate-checked and budgeted as uploads are ({@code transfer.admission}, {@code transfer.body},
 * {@code transfer.budget}). Failures are {@link dev.iolab.upload.resumable.ResumableException}s with the feature's own
 * {@link dev.iolab.upload.resumable.ResumableProblem}s.
 */
package dev.iolab.upload.resumable;

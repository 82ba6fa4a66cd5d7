/**
 * Which uploads may run: {@link dev.iolab.upload.upload.admission.Admission} hands admitted work to a bounded executor
 * ({@code upload.executor.*}) and answers through a {@code DeferredResult}, refusing with 503 {@code queue-full} or
 * {@code queue-timeout}. Nothing about bytes; the download feature's admission has the same shape over a slot count.
 */
package dev.iolab.upload.upload.admission;

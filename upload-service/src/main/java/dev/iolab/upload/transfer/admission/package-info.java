/**
 * Which uploads may run: {@link dev.iolab.upload.transfer.admission.Admission} admits work into a bounded number of
 * slots (threads + queue, {@code upload.executor.*}), of which one client holds at most its share (429 {@code
 * over-share}; the last part of the slots only for clients that hold none), hands it to an executor whose queue is
 * fair among clients and keeps the last part of the threads for clients that run none ({@link
 * dev.iolab.upload.transfer.admission.ClientQueue}), and answers through a {@code DeferredResult}, refusing with 503
 * {@code queue-full} or {@code queue-timeout}. Nothing about bytes; the download feature's admission counts its slots
 * the same way.
 */
package dev.iolab.upload.transfer.admission;

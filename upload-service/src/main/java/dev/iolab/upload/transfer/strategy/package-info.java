/**
 * The six ways of moving an upload's bytes into the store, one class each behind {@link
 * dev.iolab.upload.transfer.strategy.UploadStrategy}, and {@link dev.iolab.upload.transfer.strategy.UploadStrategies}, which
 * finds them by ID and publishes the list at {@code /actuator/info}. What each holds on the heap is measured ({@link
 * dev.iolab.upload.transfer.strategy.MemoryCosts}); {@code temp-file} spools to {@link
 * dev.iolab.upload.transfer.strategy.SpoolDirectory}.
 */
package dev.iolab.upload.transfer.strategy;

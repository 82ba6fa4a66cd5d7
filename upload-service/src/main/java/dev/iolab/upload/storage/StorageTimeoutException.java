package dev.iolab.upload.storage;

/** The blob store did not answer within the configured per-try timeout, after the SDK's retries (504). */
public class StorageTimeoutException extends StorageException {

    StorageTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}

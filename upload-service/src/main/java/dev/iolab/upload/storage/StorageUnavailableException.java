package dev.iolab.upload.storage;

/** The blob store answered with an error or could not be reached, after the SDK's retries (502). */
public class StorageUnavailableException extends StorageException {

    StorageUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.iolab.upload.storage;

/**
 * The container was missing (store restarted, container deleted) and has been created again, but this write could not
 * be repeated because the bytes it had read from its client cannot be read twice (503: the client retries).
 */
public class StorageRecoveringException extends StorageException {

    StorageRecoveringException(String message, Throwable cause) {
        super(message, cause);
    }
}

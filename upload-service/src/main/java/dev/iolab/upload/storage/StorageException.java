package dev.iolab.upload.storage;

/** Root of the storage feature's failures. */
public class StorageException extends RuntimeException {

    public StorageException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.iolab.upload.storage;

/** No committed blob has the requested name (404). */
public class BlobNotFoundException extends StorageException {

    BlobNotFoundException(String name, Throwable cause) {
        super("no blob named '" + name + "'", cause);
    }
}

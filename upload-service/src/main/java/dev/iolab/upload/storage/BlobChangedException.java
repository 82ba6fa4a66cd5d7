package dev.iolab.upload.storage;

/** The blob was replaced (its ETag changed) between reading its properties and reading its content. */
public class BlobChangedException extends StorageException {

    BlobChangedException(String name, Throwable cause) {
        super("blob '" + name + "' changed while it was being read", cause);
    }
}

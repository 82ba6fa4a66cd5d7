package dev.iolab.upload.storage;

/** A staging blob was changed or removed by someone else between the service reading it and using it. */
public class StagedBlobChangedException extends StorageException {

    StagedBlobChangedException(String message, Throwable cause) {
        super(message, cause);
    }
}

package dev.iolab.upload.storage;

import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobStorageException;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The one mapping of Azure SDK failures to the storage feature's exceptions: a missing container → {@link
 * ContainerMissingException} (the caller heals it), 404 → {@link BlobNotFoundException}, timeouts → {@link
 * StorageTimeoutException}, everything else → {@link StorageUnavailableException}.
 */
final class AzureCalls {

    private AzureCalls() {}

    static void run(String name, Runnable call) {
        call(name, () -> {
            call.run();
            return null;
        });
    }

    static <T> T call(String name, Supplier<T> call) {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw translate(name, e);
        }
    }

    static StorageException translate(String name, Throwable e) {
        if (e instanceof StorageException own) {
            return own;
        }
        BlobStorageException store = find(e, BlobStorageException.class);
        if (store != null) {
            if (BlobErrorCode.CONTAINER_NOT_FOUND.equals(store.getErrorCode())) {
                return new ContainerMissingException("the container is missing (writing '" + name + "')", store);
            }
            if (store.getStatusCode() == 404) {
                return new BlobNotFoundException(name, store);
            }
            return new StorageUnavailableException(
                    "blob store answered " + store.getStatusCode() + " "
                            + (store.getErrorCode() == null ? "" : store.getErrorCode() + " ") + "for '" + name + "'",
                    store);
        }
        if (find(e, TimeoutException.class) != null) {
            return new StorageTimeoutException("blob store timed out for '" + name + "'", e);
        }
        return new StorageUnavailableException("blob store failed for '" + name + "': " + e, e);
    }

    /** The status code when {@code e} is the store's answer, else 0. */
    static int status(Throwable e) {
        BlobStorageException store = find(e, BlobStorageException.class);
        return store == null ? 0 : store.getStatusCode();
    }

    /** The first throwable of {@code type} in {@code e}'s causes and suppressed exceptions, or null. */
    static <T extends Throwable> T find(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            for (Throwable s : t.getSuppressed()) {
                if (type.isInstance(s)) {
                    return type.cast(s);
                }
            }
        }
        return null;
    }

    /** The container of a write was missing (the store was restarted empty, or someone deleted it). */
    static final class ContainerMissingException extends StorageUnavailableException {

        ContainerMissingException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}

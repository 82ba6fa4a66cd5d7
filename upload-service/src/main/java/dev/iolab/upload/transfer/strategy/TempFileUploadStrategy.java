package dev.iolab.upload.transfer.strategy;

import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.transfer.body.IncomingBody;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code temp-file}: spools the body to a file of its own ({@code 0600} in the service's {@code 0700} spool directory,
 * {@link SpoolDirectory}), uploads the file as one Put Blob (which the operating system sends from the page cache), and
 * deletes it whatever happens. Holds almost nothing on the heap; its cost is disk (up to one file per running upload)
 * and a second pass over the bytes.
 */
final class TempFileUploadStrategy implements UploadStrategy {

    private final BlobStorage storage;
    private final SpoolDirectory spool;

    TempFileUploadStrategy(BlobStorage storage, SpoolDirectory spool) {
        this.storage = storage;
        this.spool = spool;
    }

    @Override
    public String id() {
        return "temp-file";
    }

    @Override
    public long memoryCost(long declaredLength) {
        return MemoryCosts.TEMP_FILE;
    }

    @Override
    public byte[] upload(String name, IncomingBody body, long declaredLength, MemoryBudget.Reservation reservation)
            throws IOException {
        Path file = spool.newFile();
        try {
            // Written in place: replacing the file would give it default permissions (Files.copy REPLACE_EXISTING).
            try (OutputStream out = Files.newOutputStream(file)) {
                body.stream().transferTo(out);
            }
            return storage.putFile(name, file, body.expectedMd5());
        } finally {
            Files.deleteIfExists(file);
        }
    }
}

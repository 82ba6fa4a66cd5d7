package dev.iolab.upload.upload;

import dev.iolab.upload.storage.BlobStorage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code temp-file}: spools the body to a temp file, uploads the file, and deletes it whatever happens. Costs what
 * the SDK buffers for a file upload.
 */
final class TempFileUploadStrategy implements UploadStrategy {

    private final BlobStorage storage;
    private final Path directory;

    TempFileUploadStrategy(BlobStorage storage, Path directory) {
        this.storage = storage;
        this.directory = directory;
    }

    @Override
    public String id() {
        return "temp-file";
    }

    @Override
    public long memoryCost(long length) {
        return storage.sdkBufferBytes();
    }

    @Override
    public void upload(String name, IncomingBody body, long length) throws IOException {
        Path spool = Files.createTempFile(directory, "upload-", ".part");
        try {
            Files.copy(body.stream(), spool, StandardCopyOption.REPLACE_EXISTING);
            storage.uploadFile(name, spool, body.md5());
        } finally {
            Files.deleteIfExists(spool);
        }
    }
}

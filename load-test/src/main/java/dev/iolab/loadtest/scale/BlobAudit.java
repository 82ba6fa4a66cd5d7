package dev.iolab.loadtest.scale;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.ListBlobsOptions;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * Checks what storage holds against what the clients were told: every upload answered 201 is downloaded and its MD5
 * compared with the uploaded file's; every other blob with the same name prefix — committed or not — is downloaded too
 * and is either the whole file (stored, though its client was told it failed) or a partial upload left behind; the
 * staging container must hold nothing of them.
 */
final class BlobAudit {

    private final BlobContainerClient container;
    private final BlobContainerClient staging;

    BlobAudit(String connectionString, String container, String stagingContainer) {
        BlobServiceClient service = new BlobServiceClientBuilder()
                .connectionString(connectionString)
                .buildClient();
        this.container = service.getBlobContainerClient(container);
        this.staging = service.getBlobContainerClient(stagingContainer);
    }

    /**
     * Audits the blobs whose names start with {@code prefix}: {@code stored} are the names answered 201, each of which
     * must hold bytes with MD5 {@code md5Hex}; the staging blobs counted are those {@code stagingScope} accepts.
     */
    ScaleResult.Audit audit(String prefix, Collection<String> stored, String md5Hex, Predicate<String> stagingScope) {
        Set<String> present = names(container, prefix);
        int exact = 0;
        int mismatched = 0;
        int missing = 0;
        for (String name : stored) {
            if (!present.contains(name)) {
                missing++;
            } else if (md5(container, name).equals(md5Hex)) {
                exact++;
            } else {
                mismatched++;
            }
        }
        List<String> whole = new ArrayList<>();
        List<String> partial = new ArrayList<>();
        for (String name : present) {
            if (!stored.contains(name)) {
                (md5Hex.equals(md5(container, name)) ? whole : partial).add(name);
            }
        }
        List<String> leftInStaging =
                names(staging, "").stream().filter(stagingScope).toList();
        return new ScaleResult.Audit(stored.size(), exact, mismatched, missing, whole, partial, leftInStaging);
    }

    /**
     * Deletes the committed blobs under {@code prefix} once they are audited, so that the in-memory Azurite does not
     * hold every burst's gigabytes at once.
     */
    void delete(String prefix) {
        for (BlobItem item : container.listBlobs(new ListBlobsOptions().setPrefix(prefix), null)) {
            container.getBlobClient(item.getName()).deleteIfExists();
        }
    }

    /** Blob names under {@code prefix}, uncommitted blobs (blocks staged, never committed) included. */
    private static Set<String> names(BlobContainerClient client, String prefix) {
        Set<String> names = new TreeSet<>();
        if (!client.exists()) {
            return names;
        }
        ListBlobsOptions options = new ListBlobsOptions()
                .setPrefix(prefix)
                .setDetails(new BlobListDetails().setRetrieveUncommittedBlobs(true));
        for (BlobItem item : client.listBlobs(options, null)) {
            names.add(item.getName());
        }
        return names;
    }

    /** MD5 (hex) of the blob's committed content; "" when it has none (blocks staged, never committed). */
    private static String md5(BlobContainerClient client, String name) {
        try (DigestInputStream in =
                new DigestInputStream(client.getBlobClient(name).openInputStream(), MessageDigest.getInstance("MD5"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest());
        } catch (BlobStorageException e) {
            if (e.getStatusCode() == 404) {
                return "";
            }
            throw e;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read blob " + name, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is part of every JDK", e);
        }
    }
}

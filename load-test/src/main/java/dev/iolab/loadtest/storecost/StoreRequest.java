package dev.iolab.loadtest.storecost;

import com.azure.core.http.RequestConditions;
import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import java.time.OffsetDateTime;
import java.util.Map;

/**
 * The store requests of an upload and of a valet-key completion, in the order the service sends them, each as the
 * service sends it (the same SDK calls and conditions as {@code AzureStagingArea}). Every request but the first works
 * on what the earlier ones of the same blob left: the staged blob, its ETag, the marker's ETag.
 */
enum StoreRequest {
    PUT_BLOB("Put Blob", "the upload itself (the client's PUT with a valet key, the service's for a strategy)") {
        @Override
        void send(Fixture f, int k) {
            f.stagedEtag[k] = f.staged(k)
                    .getBlockBlobClient()
                    .uploadWithResponse(new BlockBlobSimpleUploadOptions(f.body), null, null)
                    .getValue()
                    .getETag();
        }
    },
    GET_PROPERTIES("Get Blob Properties", "completion: the staged blob's size, MD5, type, copy and lease state") {
        @Override
        void send(Fixture f, int k) {
            f.staged(k).getProperties();
        }
    },
    GET_BLOCK_LIST("Get Block List", "completion with an MD5: whether the blob was assembled from blocks") {
        @Override
        void send(Fixture f, int k) {
            f.staged(k).getBlockBlobClient().listBlocks(BlockListType.COMMITTED);
        }
    },
    CREATE_MARKER(
            "Put Blob, 0 bytes, If-None-Match: *", "completion: claim the grant (its marker, created if absent)") {
        @Override
        void send(Fixture f, int k) {
            f.markerEtag[k] = f.marker(k)
                    .getBlockBlobClient()
                    .uploadWithResponse(
                            new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(new byte[0]))
                                    .setMetadata(Map.of("state", "completing"))
                                    .setRequestConditions(new BlobRequestConditions().setIfNoneMatch("*")),
                            null,
                            null)
                    .getValue()
                    .getETag();
        }
    },
    COPY_FROM_URL("Copy Blob From URL, source If-Match", "completion: the staged version under the upload's name") {
        @Override
        void send(Fixture f, int k) {
            BlobClient source = f.staged(k);
            String sas = source.generateSas(new BlobServiceSasSignatureValues(
                    OffsetDateTime.now().plusMinutes(10), new BlobSasPermission().setReadPermission(true)));
            f.target(k)
                    .copyFromUrlWithResponse(
                            new BlobCopyFromUrlOptions(source.getBlobUrl() + "?" + sas)
                                    .setSourceRequestConditions(new RequestConditions().setIfMatch(f.stagedEtag[k])),
                            null,
                            null);
        }
    },
    SET_METADATA("Set Blob Metadata, If-Match", "after the answer: the marker says completed") {
        @Override
        void send(Fixture f, int k) {
            f.marker(k)
                    .setMetadataWithResponse(
                            Map.of("state", "completed"),
                            new BlobRequestConditions().setIfMatch(f.markerEtag[k]),
                            null,
                            null);
        }
    },
    DELETE("Delete Blob", "after the answer: the staged blob goes") {
        @Override
        void send(Fixture f, int k) {
            f.staged(k).deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, null, null, null);
        }
    };

    private final String request;
    private final String purpose;

    StoreRequest(String request, String purpose) {
        this.request = request;
        this.purpose = purpose;
    }

    /** The request as the store's REST API names it, with the conditions the service sets. */
    String request() {
        return request;
    }

    /** Why the service sends it. */
    String purpose() {
        return purpose;
    }

    /** Sends this request for blob {@code k} of the fixture; a failure is the store's exception, unchanged. */
    abstract void send(Fixture f, int k);

    /** What a valet-key completion sends after the upload's Put Blob. */
    boolean completion() {
        return this != PUT_BLOB;
    }
}

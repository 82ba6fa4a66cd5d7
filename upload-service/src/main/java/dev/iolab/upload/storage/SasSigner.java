package dev.iolab.upload.storage;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;

/**
 * Signs service SAS tokens for single blobs, the way the service is authorised: with the account key when it has one
 * (connection string, Azurite), with a user delegation key when it runs with an Azure identity (no key exists then).
 */
interface SasSigner {

    /** The SAS query string (without {@code ?}) granting {@code values} on {@code blob}. */
    String sign(BlobClient blob, BlobServiceSasSignatureValues values);

    /** {@code account-key} or {@code user-delegation}, for logs and the health of the configuration. */
    String kind();
}

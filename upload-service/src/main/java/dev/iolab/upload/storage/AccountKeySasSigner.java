package dev.iolab.upload.storage;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;

/** Service SAS signed with the account key the blob client was built with (a connection string with a key). */
final class AccountKeySasSigner implements SasSigner {

    @Override
    public String sign(BlobClient blob, BlobServiceSasSignatureValues values) {
        return blob.generateSas(values);
    }

    @Override
    public String kind() {
        return "account-key";
    }
}

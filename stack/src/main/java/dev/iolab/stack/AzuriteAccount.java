package dev.iolab.stack;

/**
 * Azurite's well-known development account: the one constant every caller uses (the upload-service tests, the load
 * test, the study, {@link DevStack}). {@code docker-compose.yml} cannot import it, so a load-test check holds the compose
 * file's default connection string against {@link #connectionString(String)}.
 *
 * <p>The key is public, documented by Microsoft for the emulator, and not a secret.
 */
public final class AzuriteAccount {

    /** Account name of the emulator's development account. */
    public static final String NAME = "devstoreaccount1";

    /** Account key of the emulator's development account (public, documented). */
    public static final String KEY =
            "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

    private AzuriteAccount() {}

    /** Blob endpoint of the account at {@code http://host:port}: {@code http://host:port/devstoreaccount1}. */
    public static String blobEndpoint(String host, int port) {
        return "http://" + host + ":" + port + "/" + NAME;
    }

    /** Azure Storage connection string of the development account for a blob endpoint (e.g. a proxy's). */
    public static String connectionString(String blobEndpoint) {
        return "DefaultEndpointsProtocol=http;AccountName=" + NAME + ";AccountKey=" + KEY + ";BlobEndpoint="
                + blobEndpoint + ";";
    }
}

package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import com.azure.core.credential.AccessToken;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.UserDelegationKey;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import dev.iolab.upload.UploadProperties;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import reactor.core.publisher.Mono;

/**
 * Which SAS the service signs, by how it is authorised: the account key of a connection string (Azurite), a user
 * delegation key with an Azure identity (Azure cannot be reached here, so the key is fetched through a stand-in and the
 * token credential is never asked), nothing with a connection string that holds no key.
 */
class SasSignerSelectionTest {

    private static final String KEYED = "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
            + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
            + "BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;";

    @Test
    void signsWithTheAccountKeyOfAConnectionString() {
        UploadProperties.Azure azure = azure("connection-string=" + KEYED);
        BlobServiceClient service = StorageConfiguration.authorised(azure).buildClient();

        SasSigner signer = StorageConfiguration.sasSigner(azure, service);

        assertThat(signer).isInstanceOf(AccountKeySasSigner.class);
        String sas = signer.sign(blob(service), writeOnly());
        assertThat(query(sas))
                .containsKeys("sig", "sv", "se")
                .containsEntry("sp", "cw")
                .doesNotContainKey("skoid");
    }

    @Test
    void signsWithAUserDelegationKeyWhenRunningWithAnAzureIdentity() {
        UploadProperties.Azure azure = azure("endpoint=https://acct.blob.core.windows.net");
        BlobServiceClient service = StorageConfiguration.authorised(azure).buildClient();

        assertThat(StorageConfiguration.sasSigner(azure, service)).isInstanceOf(UserDelegationSasSigner.class);
    }

    @Test
    void aUserDelegationSasCarriesTheKeysIdentityAndFetchesAKeyOnlyWhenNeeded() {
        BlobServiceClient service = new BlobServiceClientBuilder()
                .endpoint("https://acct.blob.core.windows.net")
                .credential(request -> Mono.just(new AccessToken("never-used", OffsetDateTime.MAX)))
                .buildClient();
        List<OffsetDateTime[]> fetched = new ArrayList<>();
        UserDelegationSasSigner signer = new UserDelegationSasSigner(
                (start, expiry) -> {
                    fetched.add(new OffsetDateTime[] {start, expiry});
                    return key(start, expiry);
                },
                Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC));

        String first = signer.sign(blob(service), writeOnly(OffsetDateTime.parse("2026-01-01T00:15:00Z")));
        signer.sign(blob(service), writeOnly(OffsetDateTime.parse("2026-01-01T00:30:00Z")));

        assertThat(query(first))
                .containsEntry("skoid", "11111111-1111-1111-1111-111111111111")
                .containsEntry("sktid", "22222222-2222-2222-2222-222222222222")
                .containsEntry("sp", "cw")
                .containsKey("sig");
        assertThat(fetched).as("one key serves both").hasSize(1);
        assertThat(Duration.between(fetched.get(0)[0], fetched.get(0)[1]))
                .isEqualTo(UserDelegationSasSigner.KEY_VALIDITY.plus(UserDelegationSasSigner.CLOCK_SKEW));

        signer.sign(blob(service), writeOnly(OffsetDateTime.parse("2026-01-03T00:00:00Z")));
        assertThat(fetched).as("a SAS beyond the key's expiry needs a new key").hasSize(2);
    }

    @Test
    void signsNothingWithAConnectionStringWithoutKey() {
        UploadProperties.Azure azure = azure("connection-string=BlobEndpoint=https://acct.blob.core.windows.net;"
                + "SharedAccessSignature=sv=2020-08-04&ss=b&srt=sco&sp=rwdlac&se=2030-01-01T00:00:00Z&sig=abc");
        BlobServiceClient service = StorageConfiguration.authorised(azure).buildClient();

        SasSigner signer = StorageConfiguration.sasSigner(azure, service);

        assertThatExceptionOfType(StorageUnavailableException.class)
                .isThrownBy(() -> signer.sign(blob(service), writeOnly()))
                .withMessageContaining("account key or an Azure identity");
    }

    @Test
    void refusesToStartWithoutAnyWayToTheStore() {
        assertThatIllegalStateException()
                .isThrownBy(() -> StorageConfiguration.authorised(azure()))
                .withMessageContaining("AZURE_STORAGE_CONNECTION_STRING")
                .withMessageContaining("AZURE_STORAGE_BLOB_ENDPOINT");
    }

    private static BlobClient blob(BlobServiceClient service) {
        return service.getBlobContainerClient("staging").getBlobClient("valet-1");
    }

    private static BlobServiceSasSignatureValues writeOnly() {
        return writeOnly(OffsetDateTime.now(ZoneOffset.UTC).plusMinutes(15));
    }

    private static BlobServiceSasSignatureValues writeOnly(OffsetDateTime expiry) {
        return new BlobServiceSasSignatureValues(
                expiry, new BlobSasPermission().setCreatePermission(true).setWritePermission(true));
    }

    private static UserDelegationKey key(OffsetDateTime start, OffsetDateTime expiry) {
        return new UserDelegationKey()
                .setSignedObjectId("11111111-1111-1111-1111-111111111111")
                .setSignedTenantId("22222222-2222-2222-2222-222222222222")
                .setSignedStart(start)
                .setSignedExpiry(expiry)
                .setSignedService("b")
                .setSignedVersion("2025-01-05")
                .setValue(Base64.getEncoder().encodeToString(new byte[32]));
    }

    private static Map<String, String> query(String sas) {
        return java.util.Arrays.stream(sas.split("&"))
                .map(pair -> pair.split("=", 2))
                .collect(Collectors.toMap(pair -> pair[0], pair -> pair.length > 1 ? pair[1] : ""));
    }

    private static UploadProperties.Azure azure(String... settings) {
        Map<String, String> map = new java.util.LinkedHashMap<>();
        for (String setting : settings) {
            int equals = setting.indexOf('=');
            map.put("upload.azure." + setting.substring(0, equals), setting.substring(equals + 1));
        }
        return new Binder(new MapConfigurationPropertySource(map))
                .bindOrCreate("upload", UploadProperties.class)
                .azure();
    }
}

"""The data-file validator: accepts the fixture catalog, rejects each kind of bad record clearly."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from planner.catalog.datafiles import DataFileError, check_data_dir, check_gpu_record, load_catalog
from planner.core.records import specs
from planner.schema import dated, records

FIXTURES = Path(__file__).parent / "fixtures" / "data"


def edit(data: Path, file: str, old: str, new: str) -> None:
    path = data / file
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture {file} lacks {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def only_error(data: Path, allowed: int = 1) -> DataFileError:
    errors = check_data_dir(data)
    assert 1 <= len(errors) <= allowed, [str(e) for e in errors]
    return errors[0]


def assert_sentence(message: str) -> None:
    assert "\n" not in message
    assert message.endswith(".")
    assert "Traceback" not in message


def test_fixture_catalog_loads() -> None:
    catalog = load_catalog(FIXTURES)
    assert catalog.version == "2026.01.01-1"
    assert {g.id for g in catalog.gpus} >= {"nvidia-rtx-4090", "amd-rx-7900-xtx"}
    assert catalog.gpu("nvidia-rtx-4090") is not None
    rtx = catalog.gpu("nvidia-rtx-4090")
    assert rtx is not None and rtx.memory_gb == 24.0 and isinstance(rtx.memory_gb, float)
    assert [(p.kind, p.amount, p.currency, p.as_of) for p in rtx.prices] == [
        ("msrp", 1599.0, "USD", "2022-10-12"), ("street", 1899.0, "USD", "2026-01-01"),
        ("street", 12999.0, "CNY", "2025-11-11")]
    assert rtx.prices[1] == specs.Price(1899.0, "USD", "2026-01-01", "street", "US", "fixture")
    assert rtx.sources == ("NVIDIA Ada GPU Architecture whitepaper, appendix A",)
    resnet = catalog.workload("resnet-50")
    assert resnet is not None and resnet.profile is not None
    assert resnet.profile.fp32_bytes_per_sample == 108_000_000
    llama = catalog.workload("llama-3.1-8b")
    assert llama is not None and llama.profile is None and llama.kv_heads == 8
    flat = next(t for t in catalog.tariffs if t.id == "de-residential")
    assert flat.tiers == (specs.TariffTier(None, 0.40),)
    ladder = next(t for t in catalog.tariffs if t.id == "cn-beijing-residential")
    assert ladder.as_of == "2026-01-01"  # a bare TOML date becomes an ISO string
    assert [t.up_to_kwh for t in ladder.tiers] == [2880.0, 4800.0, None]
    assert catalog.cloud[0].gpu_id == "nvidia-h100-sxm5-80gb"
    assert catalog.carbon[0].g_co2_per_kwh == 380.0
    assert {a.id for a in catalog.architectures} == {"ampere", "ada-lovelace", "hopper", "rdna3"}


@pytest.mark.parametrize(
    ("file", "old", "new", "fragments", "field"),
    [
        ("gpus/nvidia.toml", "tdp_w = 450\n", "", ["gpus/nvidia.toml", "'nvidia-rtx-4090'",
                                                    "missing the required field 'tdp_w'"],
         "tdp_w"),
        ("gpus/nvidia.toml", "tdp_w = 450", "tdp = 450",
         ["unknown field 'tdp'", "did you mean 'tdp_w'"], "tdp"),
        ("gpus/nvidia.toml", "memory_gb = 24\n", 'memory_gb = "24"\n',
         ["memory_gb = '24'", "must be a number"], "memory_gb"),
        ("gpus/nvidia.toml", "memory_bandwidth_gbs = 1008", "memory_bandwidth_gbs = -1008",
         ["memory_bandwidth_gbs = -1008", "below the possible minimum"], "memory_bandwidth_gbs"),
        ("gpus/nvidia.toml", "memory_bandwidth_gbs = 1008", "memory_bandwidth_gbs = 1.008",
         ["memory_bandwidth_gbs", "GB/s, not TB/s"], "memory_bandwidth_gbs"),
        ("gpus/nvidia.toml", "tdp_w = 450", "tdp_w = 0", ["tdp_w = 0"], "tdp_w"),
        ("gpus/nvidia.toml", "memory_gb = 24\n", "memory_gb = 0\n",
         ["memory_gb = 0", "greater than 0"], "memory_gb"),
        ("gpus/nvidia.toml", "launch_year = 2022", "launch_year = 2014",
         ["launch_year = 2014"], "launch_year"),
        ("gpus/nvidia.toml", "launch_year = 2022", "launch_year = 2031",
         ["launch_year = 2031"], "launch_year"),
        ("gpus/nvidia.toml", "launch_year = 2022", "launch_year = 2022.5",
         ["whole number"], "launch_year"),
        ("gpus/nvidia.toml", "fp16_tensor_tflops = 165.2", "fp16_tensor_tflops = -165.2",
         ["fp16_tensor_tflops = -165.2", "greater than 0"], "fp16_tensor_tflops"),
        ("gpus/nvidia.toml", "int8_tensor_tops = 660.6", "int8_tensor_tops = 0",
         ["int8_tensor_tops = 0"], "int8_tensor_tops"),
        ("gpus/nvidia.toml", 'sources = ["NVIDIA Ada GPU Architecture whitepaper, appendix A"]',
         "sources = []", ["empty sources"], "sources"),
        ("gpus/nvidia.toml", 'sources = ["NVIDIA Ada GPU Architecture whitepaper, appendix A"]',
         'sources = [""]', ["empty entry in sources"], "sources"),
        ("gpus/nvidia.toml", 'sources = ["NVIDIA Ada GPU Architecture whitepaper, appendix A"]',
         'sources = "NVIDIA"', ["list of text"], "sources"),
        ("gpus/nvidia.toml", 'vendor = "NVIDIA"', 'vendor = "Nvidia"',
         ["vendor = 'Nvidia'", "one of"], "vendor"),
        ("gpus/nvidia.toml", 'segment = "consumer"', 'segment = "gaming"',
         ["segment = 'gaming'"], "segment"),
        ("gpus/nvidia.toml", 'id = "nvidia-rtx-4090"', 'id = "NVIDIA RTX 4090"',
         ["lower-case slug"], "id"),
        ("gpus/nvidia.toml", 'architecture = "ada-lovelace"', 'architecture = "lovelace"',
         ["architecture = 'lovelace'", "architectures.toml"], "architecture"),
        ("gpus/nvidia.toml", 'compute_capability = "8.9"', 'compute_capability = "sm_89"',
         ["compute_capability"], "compute_capability"),
        ("gpus/nvidia.toml", "ecc = false", 'ecc = "no"', ["true or false"], "ecc"),
        ("gpus/nvidia.toml", "pcie_lanes = 16", "pcie_lanes = 12", ["pcie_lanes = 12"],
         "pcie_lanes"),
        ("prices.toml", 'as_of = "2026-01-01"\nkind = "street"',
         'as_of = "January 2026"\nkind = "street"',
         ["prices.toml: price #2 (for 'nvidia-rtx-4090') has as_of = 'January 2026'",
          "ISO date"], "as_of"),
        ("prices.toml", 'as_of = "2026-01-01"\nkind = "street"', 'kind = "street"',
         ["price #2 (for 'nvidia-rtx-4090') is missing the required field 'as_of'"], "as_of"),
        ("prices.toml", 'amount = 1899.0\ncurrency = "USD"', 'amount = 1899.0\ncurrency = "$"',
         ["currency = '$'", "one of 'USD', 'CNY', 'EUR'"], "currency"),
        ("prices.toml", 'amount = 1899.0\ncurrency = "USD"', 'amount = 1899.0\ncurrency = "GBP"',
         ["currency = 'GBP'", "one of 'USD', 'CNY', 'EUR'"], "currency"),
        ("prices.toml", 'kind = "street"', 'kind = "retail"',
         ["kind = 'retail'", "one of 'msrp', 'list', 'street', 'estimate', 'used'"], "kind"),
        ("prices.toml", 'region = "US"', 'region = "USA"',
         ["region = 'USA'", "of the form"], "region"),
        ("prices.toml", 'amount = 1899.0', 'amount = 0',
         ["amount = 0", "greater than 0"], "amount"),
        ("prices.toml", 'gpu_id = "amd-rx-7900-xtx"', 'gpu_id = "amd-rx-7900-xtz"',
         ["prices.toml: price #5 has gpu_id = 'amd-rx-7900-xtz', which is not the id of any GPU"],
         "gpu_id"),
        ("currency.toml", "cny_per_usd = 7.0", "cny_per_usd = -7.0",
         ["currency.toml: the rates has rates.cny_per_usd = -7", "greater than 0"],
         "rates.cny_per_usd"),
        ("currency.toml", 'as_of = "2024-06-03"', 'as_of = "3 June 2024"',
         ["history[1].as_of = '3 June 2024'", "ISO date"], "history[1].as_of"),
        ("gpus/amd.toml", 'rocm_support = "supported"', 'compute_capability = "8.9"',
         ["'amd-rx-7900-xtx'", "only NVIDIA cards"], "compute_capability"),
        ("gpus/nvidia.toml", "tdp_w = 350\n", "tdp_w = 350\nrocm_support = \"supported\"\n",
         ["'nvidia-rtx-3090'", "only AMD cards"], "rocm_support"),
        ("gpus/nvidia.toml", "tdp_w = 350\n", "tdp_w = 350\nidle_w = 400\n",
         ["idle_w = 400", "below tdp_w = 350"], "idle_w"),
        ("gpus/nvidia.toml", "tdp_w = 350\n", "tdp_w = 350\nfp8_tensor_tflops = 142\n",
         ["'nvidia-rtx-3090'", "fp8_tensor_tflops", "'ampere' has fp8 = false"],
         "fp8_tensor_tflops"),
        ("gpus/nvidia.toml", 'architecture = "ampere"', 'architecture = "rdna3"',
         ["'nvidia-rtx-3090'", "an NVIDIA card", "'rdna3' is AMD's"], "architecture"),
        ("architectures.toml", "launch_year = 2020", "launch_year = 1999",
         ["architectures.toml", "'ampere'", "launch_year = 1999"], "launch_year"),
        ("architectures.toml", "bf16 = true\nfp8 = false", 'bf16 = "yes"\nfp8 = false',
         ["'ampere'", "bf16"], "bf16"),
        ("workloads.toml", "vocab = 128256\n", "", ["workloads.toml", "'llama-3.1-8b'",
                                                    "decoder model", "'vocab'"], "vocab"),
        ("workloads.toml", "heads = 32\n", "", ["'llama-3.1-8b'", "'heads'"], "heads"),
        ("workloads.toml", "kv_heads = 8", "kv_heads = 5", ["kv_heads = 5", "divide heads"],
         "kv_heads"),
        ("workloads.toml", "hidden = 4096", "hidden = 4100",
         ["hidden = 4100", "head_dim"], "head_dim"),
        ("workloads.toml", "patch_size = 16\n", "", ["'vit-b-16'", "'patch_size'"],
         "patch_size"),
        ("workloads.toml", 'family = "decoder"', 'family = "llm"',
         ["family = 'llm'"], "family"),
        ("workloads.toml", "parameters = 8030261248", "parameters = 8.03e9",
         ["parameters", "whole number"], "parameters"),
        ("workloads.toml", "context = 131072\n", "context = 131072\nexperts = 8\n",
         ["experts_per_token"], "experts_per_token"),
        ("activation_profiles.toml", 'id = "resnet-50"', 'id = "resnet-51"',
         ["profile 'resnet-51'", "no workload"], "id"),
        ("tariffs.toml", "price_per_kwh = 0.40\n",
         "price_per_kwh = 0.40\ntiers = [{ price_per_kwh = 0.4 }]\n",
         ["'de-residential'", "exactly one of price_per_kwh"], "price_per_kwh"),
        ("tariffs.toml", "{ up_to_kwh = 4800,", "{ up_to_kwh = 2000,",
         ["tiers[2].up_to_kwh", "do not increase"], "tiers[2].up_to_kwh"),
        ("tariffs.toml", "{ price_per_kwh = 0.7883 }",
         "{ up_to_kwh = 9000, price_per_kwh = 0.7883 }",
         ["last tier must be open-ended"], "tiers[3].up_to_kwh"),
        ("tariffs.toml", "{ up_to_kwh = 2880, price_per_kwh = 0.4883 }",
         "{ up_to_kwh = 2880, price = 0.4883 }",
         ["unknown field 'tiers[1].price'", "did you mean 'tiers[1].price_per_kwh'"],
         "tiers[1].price"),
        ("tariffs.toml", 'currency = "EUR"', 'currency = "euro"', ["currency"], "currency"),
        ("carbon.toml", "g_co2_per_kwh = 380", "g_co2_per_kwh = 0.38e4",
         ["g_co2_per_kwh = 3800", "possible maximum"], "g_co2_per_kwh"),
        ("cloud.toml", 'gpu_id = "nvidia-h100-sxm5-80gb"', 'gpu_id = "nvidia-h200"',
         ["cloud.toml", "'fixture-h100x8'", "gpu_id = 'nvidia-h200'", "not the id of any GPU"],
         "gpu_id"),
        ("cloud.toml", "gpu_count = 8", "gpu_count = 0", ["gpu_count = 0"], "gpu_count"),
        ("cloud.toml", 'as_of = "2026-01-01"', 'as_of = "2026-13-01"', ["ISO date"], "as_of"),
    ],
)
def test_bad_field_is_named(data: Path, file: str, old: str, new: str, fragments: list[str],
                            field: str) -> None:
    edit(data, file, old, new)
    # renaming a profile's id also leaves its workload without one, and renaming a GPU's id its
    # prices without a GPU: two true problems
    error = only_error(data, allowed=2 if file == "activation_profiles.toml" or field == "id"
                       else 1)
    message = str(error)
    assert_sentence(message)
    for fragment in fragments:
        assert fragment in message, message
    assert error.field == field
    assert error.file.endswith(file.split("/")[-1]) or error.file == file
    with pytest.raises(DataFileError) as raised:
        load_catalog(data)
    assert str(raised.value) == message


def test_duplicate_gpu_id_across_files(data: Path) -> None:
    edit(data, "gpus/amd.toml", 'id = "amd-rx-7900-xtx"', 'id = "nvidia-rtx-3090"')
    error = only_error(data, allowed=2)  # and the 7900 XTX's price names a GPU no longer there
    assert error.file == "gpus/nvidia.toml" or error.file == "gpus/amd.toml"
    assert "'nvidia-rtx-3090'" in str(error) and "same id" in str(error)
    assert error.record_id == "nvidia-rtx-3090" and error.field == "id"


def test_duplicate_id_in_one_file(data: Path) -> None:
    edit(data, "carbon.toml", "[[carbon]]", "[[carbon]]\nid = \"de\"\nregion = \"X\"\n"
         "g_co2_per_kwh = 1\nyear = 2024\nsources = [\"x\"]\n\n[[carbon]]")
    error = only_error(data)
    assert "earlier in this file" in str(error)


def test_cnn_without_profile(data: Path) -> None:
    (data / "activation_profiles.toml").write_text("", encoding="utf-8")
    error = only_error(data)
    assert error.record_id == "resnet-50" and error.field == "profile"
    assert "activation_profiles.toml has no profile" in str(error)


def test_missing_file_and_bad_toml(data: Path) -> None:
    (data / "cloud.toml").unlink()
    (data / "carbon.toml").write_text("[[carbon]\nid = 1", encoding="utf-8")
    messages = [str(e) for e in check_data_dir(data)]
    assert "cloud.toml: the file is missing." in messages
    assert any(m.startswith("carbon.toml: the file is not valid TOML") for m in messages)
    for message in messages:
        assert_sentence(message)


def test_unknown_top_level_table(data: Path) -> None:
    edit(data, "carbon.toml", "[[carbon]]", "[[carbons]]\nid = \"x\"\n\n[[carbon]]")
    error = only_error(data)
    assert "unknown top-level table 'carbons'" in str(error)


def test_version_file(data: Path) -> None:
    (data / "VERSION").write_text("\n", encoding="utf-8")
    assert "VERSION" in str(only_error(data))


def test_all_errors_reported_and_first_raised(data: Path) -> None:
    edit(data, "gpus/nvidia.toml", "tdp_w = 450", "tdp_w = -1")
    edit(data, "carbon.toml", "year = 2024", "year = 1900")
    errors = check_data_dir(data)
    assert len(errors) == 2
    with pytest.raises(DataFileError) as raised:
        load_catalog(data)
    assert [str(raised.value)] + [str(e) for e in raised.value.others] == \
        [str(e) for e in errors]


def test_native_toml_date_accepted(data: Path) -> None:
    edit(data, "cloud.toml", 'as_of = "2026-01-01"', "as_of = 2026-01-01")
    assert load_catalog(data).cloud[0].as_of == "2026-01-01"


def test_user_gpu_check_relaxes_sources_only() -> None:
    base = {"id": "my-card", "vendor": "NVIDIA", "name": "My Card", "architecture": "ampere",
            "segment": "consumer", "form_factor": "pcie-card", "memory_gb": 12,
            "memory_type": "GDDR6", "memory_bandwidth_gbs": 360, "tdp_w": 170}
    record, errors = check_gpu_record(base)
    assert errors == [] and record is not None and record["sources"] == []
    record, errors = check_gpu_record({**base, "tdp_w": -5})
    assert record is None
    assert str(errors[0]) == ("GPU 'my-card' has tdp_w = -5, which is below the possible "
                              "minimum 10 (watts).")


RECORD_FOR = {
    specs.GpuSpec: (records.GpuRecord, {"custom", "prices"}),
    specs.Price: (dated.PriceRecord, set()),
    specs.Architecture: (records.ArchitectureRecord, set()),
    specs.Workload: (records.WorkloadRecord, {"profile", "custom"}),
    specs.ActivationProfile: (records.ProfileFileRecord, set()),
    specs.Tariff: (dated.TariffRecord, set()),
    specs.GridCarbon: (records.CarbonRecord, set()),
    specs.CloudInstance: (dated.CloudInstanceRecord, set()),
}


@pytest.mark.parametrize("cls", list(RECORD_FOR), ids=lambda c: c.__name__)
def test_every_core_field_has_a_schema_field(cls: type) -> None:
    """A field added to a core dataclass must be readable from data files too."""
    record, not_in_files = RECORD_FOR[cls]
    names = {f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")}
    assert names - not_in_files <= set(record.model_fields), sorted(
        names - not_in_files - set(record.model_fields))

// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../src/EternoToken.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {MarketFixture} from "./utils/MarketFixture.sol";
import {ReferralRegistry} from "../src/ReferralRegistry.sol";
import {Fixture} from "./utils/Fixture.sol";
import {Test} from "./utils/Test.sol";
import {VaultFixture} from "./utils/VaultFixture.sol";

/// @notice Named gas snapshots (snapshots/eterno.json) of the DeFi core's user actions, each measured
///         on one call from a state prepared in setUp (so storage is cold, as in a transaction), the
///         21,000 base cost and calldata excluded. The trader and the staker have acted before (a
///         repeat buy, a second order, leaving a 90-day order); farm_deposit is a first deposit into a
///         pool another farmer already uses; farm_harvest and farm_withdraw follow an earlier harvest.
///         `univ2_router_swap` is a plain Router02 swap of the buy's swapped part (940 USDT), for
///         reference. `npm run -w contracts gas:check` fails when any figure changes;
///         `npm run -w contracts gas:snapshot` rewrites them.
contract GasSnapshotsTest is Fixture {
    string private constant GROUP = "eterno";
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    uint256 private leaveId;

    function setUp() public {
        vm.warp(1_000_000);
        vm.roll(100);
        deployAll();
        give(usdt, alice, 100_000e18);
        give(etro, alice, 100_000e18);
        give(etro, bob, 100_000e18);
        give(usdt, bob, 1e18);
        give(eulp, alice, 10_000e18);
        give(eulp, bob, 10_000e18);

        vm.startPrank(alice);
        usdt.approve(address(swapper), type(uint256).max);
        usdt.approve(address(router), type(uint256).max);
        etro.approve(address(stakingEtro), type(uint256).max);
        eulp.approve(address(farm), type(uint256).max);
        swapper.swap(1000e18, 0, block.timestamp);
        stakingEtro.enterStaking_30(1000e18);
        leaveId = stakingEtro.enterStaking_90(1000e18);
        farm.deposit(0, 1000e18);
        vm.roll(block.number + 10);
        farm.deposit(0, 0);
        vm.stopPrank();

        vm.startPrank(bob);
        etro.approve(address(swapper), type(uint256).max);
        eulp.approve(address(farm), type(uint256).max);
        vm.stopPrank();
        vm.roll(block.number + 10);
    }

    function test_Gas_SwapBuy() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "swap_buy");
        swapper.swap(1000e18, 0, block.timestamp);
        vm.stopSnapshotGas();
    }

    function test_Gas_SwapSell() public {
        vm.prank(bob);
        vm.startSnapshotGas(GROUP, "swap_sell");
        swapper.sell(1000e18, 0, block.timestamp);
        vm.stopSnapshotGas();
    }

    function test_Gas_UniswapV2RouterSwap() public {
        address[] memory path = new address[](2);
        path[0] = address(usdt);
        path[1] = address(etro);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "univ2_router_swap");
        router.swapExactTokensForTokens(940e18, 0, path, alice, block.timestamp);
        vm.stopSnapshotGas();
    }

    function test_Gas_StakeEnter() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "stake_enter");
        stakingEtro.enterStaking_30(1000e18);
        vm.stopSnapshotGas();
    }

    function test_Gas_StakeLeave() public {
        vm.warp(block.timestamp + 90 days);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "stake_leave");
        stakingEtro.leaveStaking(leaveId);
        vm.stopSnapshotGas();
    }

    function test_Gas_FarmDeposit() public {
        vm.prank(bob);
        vm.startSnapshotGas(GROUP, "farm_deposit");
        farm.deposit(0, 1000e18);
        vm.stopSnapshotGas();
    }

    function test_Gas_FarmHarvest() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "farm_harvest");
        farm.deposit(0, 0);
        vm.stopSnapshotGas();
    }

    function test_Gas_FarmWithdraw() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "farm_withdraw");
        farm.withdraw(0, 500e18);
        vm.stopSnapshotGas();
    }
}

/// @notice The lock ledger's claim with one, and with 1,000, open entries (each partly released: 24 h
///         entries credited a minute apart, claimed 20 h after the first), one stream each, measured like
///         the rows above. The budget: the second within 10 % of the first.
contract LedgerGasSnapshotsTest is Test {
    string private constant GROUP = "eterno";
    address private writer = address(0x5A);
    address private one = address(0x1);
    address private many = address(0x1000);
    EternoToken private etro;
    LockLedger private ledger;

    function setUp() public {
        vm.warp(1_000_000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        ledger = new LockLedger(etro, address(this));
        ledger.setupWriter(writer, LockLedger.Kind.Swap);
        require(etro.transfer(address(ledger), 10_000_000e18), "fund ledger");
        vm.startPrank(writer);
        ledger.credit(one, 1000e18, 24 hours);
        for (uint256 i = 0; i < 1000; i++) {
            ledger.credit(many, 1000e18, 24 hours);
            vm.warp(block.timestamp + 60);
        }
        vm.stopPrank();
        vm.warp(1_000_000 + 20 hours);
    }

    function test_Gas_LedgerClaim1Open() public {
        vm.prank(one);
        vm.startSnapshotGas(GROUP, "ledger_claim_1_open");
        ledger.claim();
        vm.stopSnapshotGas();
    }

    function test_Gas_LedgerClaim1000Open() public {
        vm.prank(many);
        vm.startSnapshotGas(GROUP, "ledger_claim_1000_open");
        ledger.claim();
        vm.stopSnapshotGas();
    }
}

/// @notice The vault's three signed calls by a repeat user (alice has deposited, withdrawn and exchanged
///         before, so her nonces and the tokens' day slots are already written), measured like the rows
///         above. Budgets (`npm run bench`): vault_withdraw <= 70,000, vault_dive_in <= 90,000,
///         finance_buy <= 120,000 (a package purchase: package 1, first order, 100 USDT).
contract VaultGasSnapshotsTest is VaultFixture {
    string private constant GROUP = "eterno";

    function setUp() public {
        deployVault();
        WithdrawMsg memory w = withdrawMsg(alice, address(usdt), 100e18);
        callWithdraw(w, signWithdraw(SIGNER_KEY, address(vault), w));
        DiveInMsg memory d = diveInMsg(alice, address(usdt), 100e18);
        callDiveIn(d, signDiveIn(SIGNER_KEY, address(vault), d));
        ExchangeMsg memory x = exchangeMsg(alice, address(usdt), 100e18, address(eusd), 97e18);
        callExchange(x, signExchange(SIGNER_KEY, address(vault), x));
        vm.warp(block.timestamp + 1 hours);
    }

    function test_Gas_VaultWithdraw() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 250e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "vault_withdraw");
        vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v);
        vm.stopSnapshotGas();
    }

    function test_Gas_VaultDiveIn() public {
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 250e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "vault_dive_in");
        vault.diveInWithToken(m.custom, m.custom1, m.token, m.amount, m.deadline, sig.r, sig.s, sig.v);
        vm.stopSnapshotGas();
    }

    function test_Gas_FinanceBuy() public {
        DiveInMsg memory m = purchaseMsg(alice, 1, 1, 100e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "finance_buy");
        vault.diveInWithToken(m.custom, m.custom1, m.token, m.amount, m.deadline, sig.r, sig.s, sig.v);
        vm.stopSnapshotGas();
    }

    function test_Gas_VaultPureTransfer() public {
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 250e18, address(eusd), 242e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "vault_pure_transfer");
        vault.pureTransfer(m.amountIn, m.amountOut, m.tokenIn, m.tokenOut, m.deadline, sig.r, sig.s, sig.v);
        vm.stopSnapshotGas();
    }
}

/// @notice Automatic registration at the end of a leg 1 deep (root A's left leg holds one account) and
///         10,000 deep (root B's left leg, built in setUp), measured like the rows above: a new user
///         registers under the root on the left. Budgets (`npm run bench`): register_depth_1 and
///         register_depth_10000 <= 150,000, the second within 5 % of the first (no loop over the tree).
contract ReferralGasSnapshotsTest is Test {
    string private constant GROUP = "eterno";
    uint256 private constant DEEP = 10_000;
    address private rootA = address(0xA000);
    address private rootB = address(0xB000);
    ReferralRegistry private registry;

    function setUp() public {
        address[] memory genesis = new address[](2);
        genesis[0] = rootA;
        genesis[1] = rootB;
        registry = new ReferralRegistry(address(this), genesis, address(0x5167));
        vm.prank(address(0x100000));
        registry.register(rootA, 0);
        for (uint256 i = 1; i <= DEEP; ++i) {
            vm.prank(address(uint160(0x200000 + i)));
            registry.register(rootB, 0);
        }
    }

    function test_Gas_RegisterDepth1() public {
        vm.prank(address(0xC0FFEE));
        vm.startSnapshotGas(GROUP, "register_depth_1");
        registry.register(rootA, 0);
        vm.stopSnapshotGas();
        assertEq(registry.legEnd(rootA, 0), address(0xC0FFEE), "seated at the end of the 1-deep leg");
    }

    function test_Gas_RegisterDepth10000() public {
        vm.prank(address(0xC0FFEE));
        vm.startSnapshotGas(GROUP, "register_depth_10000");
        registry.register(rootB, 0);
        vm.stopSnapshotGas();
        (,, address parent,,,,,) = registry.accountOf(address(0xC0FFEE));
        assertEq(parent, address(uint160(0x200000 + DEEP)), "seated under the 10,000th account");
    }
}

/// @notice The EUSD market's three user actions by repeat users (alice has listed, bob has bought and the
///         market holds fees, so balances and the counters are already written), measured like the rows
///         above. Budgets (`npm run bench`): market_list <= 110,000, market_buy <= 100,000 (a partial fill
///         with its fee and reward), market_cancel <= 60,000.
contract MarketGasSnapshotsTest is MarketFixture {
    string private constant GROUP = "eterno";
    uint256 private openId;

    function setUp() public {
        deployMarket();
        uint256 first = listAs(alice, 100e18, 0.95e18);
        vm.prank(bob);
        market.buy(first, 10e18, 0.95e18);
        openId = listAs(alice, 100e18, 0.95e18);
    }

    function test_Gas_MarketList() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "market_list");
        market.list(100e18, 0.95e18);
        vm.stopSnapshotGas();
    }

    function test_Gas_MarketBuy() public {
        vm.prank(bob);
        vm.startSnapshotGas(GROUP, "market_buy");
        market.buy(openId, 30e18, 0.95e18);
        vm.stopSnapshotGas();
    }

    function test_Gas_MarketCancel() public {
        vm.prank(alice);
        vm.startSnapshotGas(GROUP, "market_cancel");
        market.cancel(openId);
        vm.stopSnapshotGas();
    }
}

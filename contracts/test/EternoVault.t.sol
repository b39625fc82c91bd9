// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20Errors} from "@openzeppelin/contracts/interfaces/draft-IERC6093.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {EternoVault} from "../src/EternoVault.sol";
import {IEternoVault} from "../src/interfaces/IEternoVault.sol";
import {ReentrantToken} from "./utils/ReentrantToken.sol";
import {VaultFixture} from "./utils/VaultFixture.sol";

/// @notice Unit and fuzz tests of {EternoVault}: each function, each refusal with its context, the
///         signer rotation's timeline, the cap proposals' timeline, the bounded pause, the caps' UTC-day
///         rollover (net outflow vault-wide, gross per user), the exchange budget and fee-on-transfer deposits.
contract EternoVaultTest is VaultFixture {
    address private stranger = address(0x5757);

    function setUp() public {
        deployVault();
    }

    // ------------------------------------------------------------ constructor and views

    function test_Constructor_SetsOwnerSignerDelayAndEmits() public {
        vm.expectEmit();
        emit IEternoVault.SignerChanged(address(0), signer);
        EternoVault v = new EternoVault(alice, signer, 1 days, 3 days);
        assertEq(v.owner(), alice, "owner");
        assertEq(v.signer(), signer, "signer");
        assertEq(v.SIGNER_DELAY(), 1 days, "delay");
        assertEq(v.MAX_PAUSE(), 3 days, "pause maximum");
        assertFalse(v.paused(), "not paused");
        (bool paused, bool withdrawalsPaused, uint256 reopenAt, uint256 nextPauseAt) = v.pauseState();
        assertFalse(paused || withdrawalsPaused, "nothing paused");
        assertEq(reopenAt + nextPauseAt, 0, "never paused: a pause may begin at once");
    }

    function test_Constructor_RefusesZeroSignerAndDelayOutOfRange() public {
        vm.expectRevert(EternoVault.ZeroAddress.selector);
        new EternoVault(alice, address(0), DELAY, MAX_PAUSE);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSignerDelay.selector, 1 days - 1));
        new EternoVault(alice, signer, 1 days - 1, MAX_PAUSE);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSignerDelay.selector, 30 days + 1));
        new EternoVault(alice, signer, 30 days + 1, MAX_PAUSE);
        // A pause must be able to hold withdrawals for as long as a leaked signer takes to rotate.
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidMaxPause.selector, DELAY - 1));
        new EternoVault(alice, signer, DELAY, DELAY - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidMaxPause.selector, 30 days + 1));
        new EternoVault(alice, signer, DELAY, 30 days + 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new EternoVault(address(0), signer, DELAY, MAX_PAUSE);
    }

    function test_Eip712Domain_IsReadableThroughErc5267() public view {
        (bytes1 fields, string memory name, string memory version, uint256 chainId, address verifying,,) =
            vault.eip712Domain();
        assertEq(uint256(uint8(fields)), 0x0f, "name, version, chainId, verifyingContract");
        assertEq(name, "EternoVault", "name");
        assertEq(version, "1", "version");
        assertEq(chainId, block.chainid, "chain id");
        assertEq(verifying, address(vault), "verifying contract");
        assertEq(vault.DOMAIN_SEPARATOR(), domainSeparator(address(vault), block.chainid), "separator");
    }

    function test_TypeHashes_MatchTheInterface() public view {
        assertEq(vault.DIVE_IN_TYPEHASH(), DIVE_IN_TYPE, "DiveIn");
        assertEq(vault.WITHDRAW_TYPEHASH(), WITHDRAW_TYPE, "Withdraw");
        assertEq(vault.EXCHANGE_TYPEHASH(), EXCHANGE_TYPE, "Exchange");
    }

    // ------------------------------------------------------------ setToken and cap proposals

    function test_SetToken_AFirstConfigurationAppliesAtOnceAndEmits() public {
        vm.expectEmit(address(vault));
        emit IEternoVault.TokenConfigured(address(0xA), true, 5, 7, 6);
        vault.setToken(address(0xA), true, 5, 7, 6);
        (bool allowed, uint256 perTx, uint256 perDay, uint256 paid, uint256 perUser, uint256 budget) =
            vault.tokenInfo(address(0xA));
        assertTrue(allowed, "allowed");
        assertEq(perTx, 5, "per tx");
        assertEq(perDay, 7, "per day");
        assertEq(perUser, 6, "per user");
        assertEq(paid + budget, 0, "nothing paid, no budget");
        address[] memory list = vault.configuredTokens();
        assertEq(list[list.length - 1], address(0xA), "listed");
    }

    function test_SetToken_LowersAndDisallowsAtOnceButRefusesARaise() public {
        vm.expectEmit(address(vault));
        emit IEternoVault.TokenConfigured(address(usdt), false, 1e18, 2e18, 3e18);
        vault.setToken(address(usdt), false, 1e18, 2e18, 3e18);
        (bool allowed, uint256 perTx, uint256 perDay,, uint256 perUser,) = vault.tokenInfo(address(usdt));
        assertFalse(allowed, "disallowed at once");
        assertEq(perTx + perDay + perUser, 6e18, "lowered at once");
        vault.setToken(address(usdt), true, 1e18, 2e18, 3e18);
        (allowed,,,,,) = vault.tokenInfo(address(usdt));
        assertTrue(allowed, "allowed again at once (it pays nothing out)");
        vm.expectRevert(abi.encodeWithSelector(EternoVault.CapIncreaseNeedsProposal.selector, address(usdt)));
        vault.setToken(address(usdt), true, 1e18 + 1, 2e18, 3e18);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.CapIncreaseNeedsProposal.selector, address(usdt)));
        vault.setToken(address(usdt), true, 1e18, 2e18 + 1, 3e18);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.CapIncreaseNeedsProposal.selector, address(usdt)));
        vault.setToken(address(usdt), true, 1e18, 2e18, 3e18 + 1);
    }

    function test_SetToken_RefusesStrangerZeroTokenAndOversizedCaps() public {
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.setToken(address(usdt), true, 1, 1, 1);
        vm.expectRevert(EternoVault.ZeroAddress.selector);
        vault.setToken(address(0), true, 1, 1, 1);
        uint256 big = uint256(type(uint112).max) + 1;
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 112, big));
        vault.setToken(address(0xB), true, big, 1, 1);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 112, big));
        vault.setToken(address(0xB), true, 1, big, 1);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 112, big));
        vault.setToken(address(0xB), true, 1, 1, big);
    }

    function test_CapProposal_WaitsTheSignerDelayAndIsPublicMeanwhile() public {
        uint256 eta = block.timestamp + DELAY;
        vm.expectEmit(address(vault));
        emit IEternoVault.TokenCapsProposed(address(usdt), 2 * TX_CAP, 2 * DAY_CAP, 2 * USER_CAP, eta);
        vault.proposeTokenCaps(address(usdt), 2 * TX_CAP, 2 * DAY_CAP, 2 * USER_CAP);
        (address[] memory tokens, uint256[] memory etas) = vault.pendingCapIncreases();
        assertEq(tokens.length, 1, "one pending");
        assertEq(tokens[0], address(usdt), "the token");
        assertEq(etas[0], eta, "its eta");
        (uint256 perTx, uint256 perDay, uint256 perUser, uint256 when) = vault.pendingTokenCaps(address(usdt));
        assertEq(perTx + perDay + perUser, 2 * (TX_CAP + DAY_CAP + USER_CAP), "proposed caps");
        assertEq(when, eta, "eta");

        vm.warp(eta - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.CapsNotReady.selector, address(usdt), eta));
        vault.activateTokenCaps(address(usdt));
        // Until the activation the old caps hold.
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), TX_CAP + 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverTxCap.selector, TX_CAP + 1, TX_CAP));
        callWithdraw(m, sig);

        vm.warp(eta);
        vm.expectEmit(address(vault));
        emit IEternoVault.TokenConfigured(address(usdt), true, 2 * TX_CAP, 2 * DAY_CAP, 2 * USER_CAP);
        vault.activateTokenCaps(address(usdt));
        callWithdraw(m, sig);
        (tokens, etas) = vault.pendingCapIncreases();
        assertEq(tokens.length + etas.length, 0, "nothing pending");
        vm.expectRevert(abi.encodeWithSelector(EternoVault.NoCapProposal.selector, address(usdt)));
        vault.activateTokenCaps(address(usdt));
    }

    function test_CapProposal_CancelledByTheOwnerOrByALoweringAndOnlyTheOwner() public {
        vault.proposeTokenCaps(address(usdt), 2 * TX_CAP, DAY_CAP, USER_CAP);
        vm.expectEmit(address(vault));
        emit IEternoVault.TokenCapsProposalCancelled(address(usdt));
        vault.cancelTokenCaps(address(usdt));
        vm.expectRevert(abi.encodeWithSelector(EternoVault.NoCapProposal.selector, address(usdt)));
        vault.cancelTokenCaps(address(usdt));

        // A brake applied after a proposal cancels it: the proposal cannot later undo the brake.
        vault.proposeTokenCaps(address(usdt), 2 * TX_CAP, DAY_CAP, USER_CAP);
        vm.expectEmit(address(vault));
        emit IEternoVault.TokenCapsProposalCancelled(address(usdt));
        vault.setToken(address(usdt), true, TX_CAP, 0, USER_CAP);
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.NoCapProposal.selector, address(usdt)));
        vault.activateTokenCaps(address(usdt));
        // Allowing or disallowing alone keeps a proposal.
        vault.proposeTokenCaps(address(usdt), TX_CAP, DAY_CAP, USER_CAP);
        vault.setToken(address(usdt), false, TX_CAP, 0, USER_CAP);
        (,,, uint256 eta) = vault.pendingTokenCaps(address(usdt));
        assertEq(eta, block.timestamp + DELAY, "kept");

        vm.expectRevert(abi.encodeWithSelector(EternoVault.TokenNotConfigured.selector, address(0xC)));
        vault.proposeTokenCaps(address(0xC), 1, 1, 1);
        vm.startPrank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.proposeTokenCaps(address(usdt), 1, 1, 1);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.activateTokenCaps(address(usdt));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.cancelTokenCaps(address(usdt));
        vm.stopPrank();
    }

    function test_CapProposal_ANewProposalRestartsTheDelay() public {
        vault.proposeTokenCaps(address(usdt), 2 * TX_CAP, DAY_CAP, USER_CAP);
        vm.warp(block.timestamp + DELAY - 1 hours);
        vault.proposeTokenCaps(address(usdt), 3 * TX_CAP, DAY_CAP, USER_CAP);
        vm.warp(block.timestamp + 1 hours);
        vm.expectRevert(
            abi.encodeWithSelector(EternoVault.CapsNotReady.selector, address(usdt), block.timestamp + DELAY - 1 hours)
        );
        vault.activateTokenCaps(address(usdt));
    }

    // ------------------------------------------------------------ diveInWithToken

    function test_DiveIn_TakesTheDepositEmitsAndUsesTheNonce() public {
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 1_000e18);
        m.custom = 7;
        m.custom1 = 9;
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        uint256 held = usdt.balanceOf(address(vault));
        vm.expectEmit(address(vault));
        emit IEternoVault.DivedIn(alice, address(usdt), 1_000e18, 7, 9, 0);
        callDiveIn(m, sig);
        assertEq(usdt.balanceOf(address(vault)), held + 1_000e18, "vault received");
        assertEq(vault.nonces(alice, 0), 1, "DiveIn nonce");
        assertEq(vault.nonces(alice, 1), 0, "Withdraw nonce untouched");
        assertEq(vault.nonces(alice, 2), 0, "Exchange nonce untouched");
        assertEq(vault.nonces(bob, 0), 0, "bob's nonce untouched");
    }

    function test_DiveIn_CreditsWhatArrivedOfAFeeOnTransferToken() public {
        DiveInMsg memory m = diveInMsg(alice, address(feeToken), 1_000e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        uint256 held = feeToken.balanceOf(address(vault));
        vm.expectEmit(address(vault));
        emit IEternoVault.DivedIn(alice, address(feeToken), 990e18, 0, 0, 0);
        callDiveIn(m, sig);
        assertEq(feeToken.balanceOf(address(vault)), held + 990e18, "1 % fee burnt on the way");
    }

    function test_DiveIn_RefusesATokenNotAllowed() public {
        vault.setToken(address(usdt), false, TX_CAP, DAY_CAP, USER_CAP);
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 1e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(usdt)));
        callDiveIn(m, sig);
    }

    function test_DiveIn_RefusesZero() public {
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 0);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vm.expectRevert(EternoVault.ZeroAmount.selector);
        callDiveIn(m, sig);
    }

    function test_DiveIn_RefusesWithoutTheApproval() public {
        vm.prank(alice);
        usdt.approve(address(vault), 1e18);
        DiveInMsg memory m = diveInMsg(alice, address(usdt), 2e18);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientAllowance.selector, address(vault), 1e18, 2e18)
        );
        callDiveIn(m, sig);
        assertEq(vault.nonces(alice, 0), 0, "nonce not used");
    }

    function testFuzz_DiveIn_CreditsExactlyTheAmount(uint256 amount) public {
        amount = bound(amount, 1, usdt.balanceOf(alice));
        DiveInMsg memory m = diveInMsg(alice, address(usdt), amount);
        uint256 held = usdt.balanceOf(address(vault));
        callDiveIn(m, signDiveIn(SIGNER_KEY, address(vault), m));
        assertEq(usdt.balanceOf(address(vault)), held + amount, "received");
    }

    function testFuzz_DiveIn_FeeOnTransferCreditsReceived(uint256 amount) public {
        amount = bound(amount, 1, feeToken.balanceOf(alice));
        DiveInMsg memory m = diveInMsg(alice, address(feeToken), amount);
        Sig memory sig = signDiveIn(SIGNER_KEY, address(vault), m);
        uint256 expected = amount - amount * 100 / 10_000;
        vm.expectEmit(address(vault));
        emit IEternoVault.DivedIn(alice, address(feeToken), expected, 0, 0, 0);
        callDiveIn(m, sig);
    }

    // ------------------------------------------------------------ withdraw

    function test_Withdraw_PaysEmitsAndUsesTheNonce() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 500e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        uint256 before = usdt.balanceOf(alice);
        vm.expectEmit(address(vault));
        emit IEternoVault.Withdrawn(alice, address(usdt), 500e18, 0, m.deadline);
        callWithdraw(m, sig);
        assertEq(usdt.balanceOf(alice), before + 500e18, "paid");
        assertEq(vault.nonces(alice, 1), 1, "Withdraw nonce");
        (,,, uint256 paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 500e18, "paid today");
    }

    function test_Withdraw_PaysAtTheDeadlineItself() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 1e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.warp(m.deadline);
        callWithdraw(m, sig);
        assertEq(vault.nonces(alice, 1), 1, "paid at the deadline");
    }

    function test_Withdraw_RefusesZero() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 0);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(EternoVault.ZeroAmount.selector);
        callWithdraw(m, sig);
    }

    function test_Withdraw_RefusesAboveTheTxCap() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), TX_CAP + 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverTxCap.selector, TX_CAP + 1, TX_CAP));
        callWithdraw(m, sig);
    }

    function test_Withdraw_AnUnconfiguredTokenHasZeroCaps() public {
        WithdrawMsg memory m = withdrawMsg(alice, address(0xDEAD), 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverTxCap.selector, 1, 0));
        callWithdraw(m, sig);
    }

    function test_Withdraw_RefusesAboveWhatTheDayCapLeaves() public {
        vault.setToken(address(usdt), true, TX_CAP, 150_000e18, USER_CAP);
        withdrawSigned(alice, address(usdt), 100_000e18);
        WithdrawMsg memory m = withdrawMsg(bob, address(usdt), 60_000e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverDayCap.selector, 60_000e18, 50_000e18));
        callWithdraw(m, sig);
        withdrawSigned(bob, address(usdt), 50_000e18);
        (,,, uint256 paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 150_000e18, "the day's cap used up exactly");
    }

    function test_Withdraw_DayCapRollsOverAtUtcMidnight() public {
        vault.setToken(address(usdt), true, TX_CAP, 100_000e18, USER_CAP);
        vm.warp(MIDNIGHT + 1 days - 1);
        withdrawSigned(alice, address(usdt), 100_000e18);
        WithdrawMsg memory m = withdrawMsg(bob, address(usdt), 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverDayCap.selector, 1, 0));
        callWithdraw(m, sig);
        vm.warp(MIDNIGHT + 1 days);
        (,,, uint256 paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 0, "a new UTC day starts at 0");
        callWithdraw(m, sig);
        (,,, paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 1, "counted in the new day");
    }

    function test_Withdraw_ALoweredDayCapLeavesNothingWhenAlreadyPaidAbove() public {
        withdrawSigned(alice, address(usdt), 100_000e18);
        vault.setToken(address(usdt), true, TX_CAP, 50_000e18, USER_CAP);
        WithdrawMsg memory m = withdrawMsg(bob, address(usdt), 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverDayCap.selector, 1, 0));
        callWithdraw(m, sig);
    }

    function test_Withdraw_CapsAreVaultWidePerToken() public {
        vault.setToken(address(usdt), true, TX_CAP, 100_000e18, USER_CAP);
        withdrawSigned(alice, address(usdt), 100_000e18);
        withdrawSigned(bob, address(eusd), 100_000e18);
        (,,, uint256 paidEusd,,) = vault.tokenInfo(address(eusd));
        assertEq(paidEusd, 100_000e18, "EUSD counts on its own");
    }

    function test_Withdraw_RefusesMoreThanTheVaultHolds() public {
        raiseCaps(address(usdt), type(uint112).max, type(uint112).max, type(uint112).max);
        uint256 held = usdt.balanceOf(address(vault));
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), held + 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(
            abi.encodeWithSelector(IERC20Errors.ERC20InsufficientBalance.selector, address(vault), held, held + 1)
        );
        callWithdraw(m, sig);
    }

    function test_Withdraw_DoesNotNeedTheTokenAllowed() public {
        vault.setToken(address(usdt), false, TX_CAP, DAY_CAP, USER_CAP);
        withdrawSigned(alice, address(usdt), 10e18);
        assertEq(vault.nonces(alice, 1), 1, "a disallowed token can still be paid out within its caps");
    }

    function testFuzz_Withdraw_PaysWithinTheCapsAndRefusesAbove(uint256 amount, uint256 txCap) public {
        txCap = bound(txCap, 1, TX_CAP);
        vault.setToken(address(usdt), true, txCap, DAY_CAP, USER_CAP);
        amount = bound(amount, 1, RESERVE);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), amount);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        uint256 before = usdt.balanceOf(alice);
        if (amount > txCap) vm.expectRevert(abi.encodeWithSelector(EternoVault.OverTxCap.selector, amount, txCap));
        callWithdraw(m, sig);
        assertEq(usdt.balanceOf(alice), amount > txCap ? before : before + amount, "paid only within the cap");
    }

    function testFuzz_Withdraw_DayPayoutsNeverExceedTheCap(uint256[6] memory amounts, uint256 dayCap) public {
        dayCap = bound(dayCap, 1, 150_000e18);
        vault.setToken(address(usdt), true, TX_CAP, dayCap, USER_CAP);
        uint256 paid;
        for (uint256 i = 0; i < amounts.length; i++) {
            uint256 amount = bound(amounts[i], 1, TX_CAP);
            WithdrawMsg memory m = withdrawMsg(alice, address(usdt), amount);
            Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
            if (paid + amount > dayCap) {
                vm.expectRevert(abi.encodeWithSelector(EternoVault.OverDayCap.selector, amount, dayCap - paid));
                callWithdraw(m, sig);
            } else {
                callWithdraw(m, sig);
                paid += amount;
            }
        }
        (,,, uint256 paidToday,,) = vault.tokenInfo(address(usdt));
        assertEq(paidToday, paid, "paid today");
        assertLe(paidToday, dayCap, "within the day cap");
    }

    // ------------------------------------------------------------ pureTransfer

    function test_PureTransfer_SwapsAtTheSignedAmounts() public {
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 100e18, address(eusd), 97e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        uint256 usdtBefore = usdt.balanceOf(alice);
        uint256 eusdBefore = eusd.balanceOf(alice);
        vm.expectEmit(address(vault));
        emit IEternoVault.Exchanged(alice, address(usdt), 100e18, address(eusd), 97e18, 0);
        callExchange(m, sig);
        assertEq(usdt.balanceOf(alice), usdtBefore - 100e18, "paid in");
        assertEq(eusd.balanceOf(alice), eusdBefore + 97e18, "paid out");
        assertEq(vault.nonces(alice, 2), 1, "Exchange nonce");
        (,,, uint256 paidOut,,) = vault.tokenInfo(address(eusd));
        assertEq(paidOut, 97e18, "the output counts against the day cap");
        (,,, uint256 paidIn,, uint256 budgetIn) = vault.tokenInfo(address(usdt));
        assertEq(paidIn, 0, "the input lowers its own token's net outflow (never below 0)");
        assertEq(budgetIn, RESERVE + 100e18, "the input joins its token's exchange budget");
        (,,,,, uint256 budgetOut) = vault.tokenInfo(address(eusd));
        assertEq(budgetOut, RESERVE - 97e18, "the output is drawn from its token's exchange budget");
        assertEq(vault.userPaidToday(alice, address(eusd)), 97e18, "and counts against the receiver's day cap");
    }

    function test_PureTransfer_RefusesAnInputNotAllowed() public {
        vault.setToken(address(usdt), false, TX_CAP, DAY_CAP, USER_CAP);
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 1e18, address(eusd), 1e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(usdt)));
        callExchange(m, sig);
    }

    function test_PureTransfer_RefusesTheSameTokenAndZeroAmounts() public {
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 1e18, address(usdt), 1e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.SameToken.selector, address(usdt)));
        callExchange(m, sig);
        m = exchangeMsg(alice, address(usdt), 0, address(eusd), 1e18);
        sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(EternoVault.ZeroAmount.selector);
        callExchange(m, sig);
        m = exchangeMsg(alice, address(usdt), 1e18, address(eusd), 0);
        sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(EternoVault.ZeroAmount.selector);
        callExchange(m, sig);
    }

    function test_PureTransfer_RefusesWhenLessThanAmountInArrives() public {
        ExchangeMsg memory m = exchangeMsg(alice, address(feeToken), 100e18, address(eusd), 90e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InsufficientReceived.selector, 100e18, 99e18));
        callExchange(m, sig);
    }

    function test_PureTransfer_OutputIsCapped() public {
        vault.setToken(address(eusd), true, 50e18, DAY_CAP, USER_CAP);
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), 100e18, address(eusd), 51e18);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverTxCap.selector, 51e18, 50e18));
        callExchange(m, sig);
    }

    // ------------------------------------------------------------ fund

    function test_Fund_AnyoneAddsToTheReserveAndTheReceivedAmountIsEmitted() public {
        uint256 held = feeToken.balanceOf(address(vault));
        vm.expectEmit(address(vault));
        emit IEternoVault.Funded(bob, address(feeToken), 99e18);
        vm.prank(bob);
        vault.fund(address(feeToken), 100e18);
        assertEq(feeToken.balanceOf(address(vault)), held + 99e18, "received");
        vm.expectRevert(EternoVault.ZeroAmount.selector);
        vault.fund(address(usdt), 0);
    }

    // ------------------------------------------------------------ pause

    function test_Pause_StopsDepositsWithdrawalsAndExchangesNotFunding() public {
        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.pause();
        uint256 reopenAt = block.timestamp + MAX_PAUSE;
        vm.expectEmit(address(vault));
        emit IEternoVault.Paused(address(this), reopenAt);
        vault.pause();
        assertTrue(vault.paused(), "paused");
        vm.expectRevert(EternoVault.AlreadyPaused.selector);
        vault.pause();

        DiveInMsg memory d = diveInMsg(alice, address(usdt), 1e18);
        Sig memory dSig = signDiveIn(SIGNER_KEY, address(vault), d);
        vm.expectRevert(EternoVault.VaultPaused.selector);
        callDiveIn(d, dSig);
        WithdrawMsg memory w = withdrawMsg(alice, address(usdt), 1e18);
        Sig memory wSig = signWithdraw(SIGNER_KEY, address(vault), w);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.WithdrawalsPaused.selector, reopenAt));
        callWithdraw(w, wSig);
        ExchangeMsg memory x = exchangeMsg(alice, address(usdt), 1e18, address(eusd), 1e18);
        Sig memory xSig = signExchange(SIGNER_KEY, address(vault), x);
        vm.expectRevert(EternoVault.VaultPaused.selector);
        callExchange(x, xSig);
        usdt.approve(address(vault), 1e18);
        vault.fund(address(usdt), 1e18);

        vm.prank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.unpause();
        vm.expectEmit(address(vault));
        emit IEternoVault.Unpaused(address(this));
        vault.unpause();
        vm.expectRevert(EternoVault.NotPaused.selector);
        vault.unpause();
        callWithdraw(w, wSig);
        assertEq(vault.nonces(alice, 1), 1, "the voucher signed during the pause pays after it");
    }

    function test_Pause_WithdrawalsReopenByThemselvesAfterTheMaximum() public {
        uint256 start = block.timestamp;
        vault.pause();
        vm.warp(start + MAX_PAUSE - 1);
        WithdrawMsg memory w = withdrawMsg(alice, address(usdt), 1e18);
        Sig memory wSig = signWithdraw(SIGNER_KEY, address(vault), w);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.WithdrawalsPaused.selector, start + MAX_PAUSE));
        callWithdraw(w, wSig);
        vm.warp(start + MAX_PAUSE);
        (bool paused, bool withdrawalsPaused, uint256 reopenAt, uint256 nextPauseAt) = vault.pauseState();
        assertTrue(paused, "deposits and exchanges stay paused");
        assertFalse(withdrawalsPaused, "withdrawals reopened");
        assertEq(reopenAt, start + MAX_PAUSE, "when");
        assertEq(nextPauseAt, start + 2 * MAX_PAUSE, "the next pause waits as long again");
        callWithdraw(w, wSig);
        DiveInMsg memory d = diveInMsg(alice, address(usdt), 1e18);
        Sig memory dSig = signDiveIn(SIGNER_KEY, address(vault), d);
        vm.expectRevert(EternoVault.VaultPaused.selector);
        callDiveIn(d, dSig);
    }

    function test_Pause_CannotBeRenewedToFreezeForever() public {
        uint256 start = block.timestamp;
        vault.pause();
        vm.warp(start + MAX_PAUSE - 1);
        // Unpause and pause again at once: refused until the freeze's end + MAX_PAUSE.
        vault.unpause();
        uint256 next = start + MAX_PAUSE - 1 + MAX_PAUSE;
        vm.expectRevert(abi.encodeWithSelector(EternoVault.PauseCooldown.selector, next));
        vault.pause();
        vm.warp(next - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.PauseCooldown.selector, next));
        vault.pause();
        vm.warp(next);
        vault.pause();
        assertTrue(vault.paused(), "paused again after the cooldown");
    }

    function testFuzz_Pause_WithdrawalsAreOpenAtLeastHalfOfAnyOwnerSchedule(uint256[8] memory steps) public {
        // Whatever the owner does (pause, unpause, wait), withdrawals are never held longer than MAX_PAUSE
        // at a time, and every hold is followed by at least MAX_PAUSE of open withdrawals.
        uint256 heldSince = 0;
        // No hold before the first one.
        uint256 openSince = type(uint256).max;
        for (uint256 i = 0; i < steps.length; i++) {
            uint256 wait = bound(steps[i], 1 hours, 3 * MAX_PAUSE);
            for (uint256 t = 0; t < wait; t += 6 hours) {
                vm.warp(block.timestamp + 6 hours);
                (,, uint256 reopenAt,) = vault.pauseState();
                bool held = block.timestamp < reopenAt;
                if (held && heldSince == 0) {
                    if (openSince != type(uint256).max) {
                        assertGe(block.timestamp - openSince, MAX_PAUSE - 6 hours, "open long enough before a hold");
                    }
                    heldSince = block.timestamp;
                }
                if (!held && heldSince != 0) {
                    heldSince = 0;
                    openSince = block.timestamp;
                }
                if (heldSince != 0) assertLe(block.timestamp - heldSince, MAX_PAUSE, "held at most MAX_PAUSE");
            }
            (bool paused,,, uint256 nextPauseAt) = vault.pauseState();
            if (paused) vault.unpause();
            else if (block.timestamp >= nextPauseAt) vault.pause();
        }
    }

    // ------------------------------------------------------------ caps per user, net outflow, budget

    function test_UserDayCap_BoundsEachReceiverNotTheOthers() public {
        vault.setToken(address(usdt), true, TX_CAP, DAY_CAP, 150_000e18);
        depositSigned(bob, address(usdt), 100_000e18);
        withdrawSigned(alice, address(usdt), 100_000e18);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 60_000e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverUserDayCap.selector, 60_000e18, 50_000e18));
        callWithdraw(m, sig);
        withdrawSigned(bob, address(usdt), 100_000e18);
        assertEq(vault.userPaidToday(alice, address(usdt)), 100_000e18, "alice");
        assertEq(vault.userPaidToday(bob, address(usdt)), 100_000e18, "bob, on his own allowance");
        vm.warp(MIDNIGHT + 1 days);
        assertEq(vault.userPaidToday(alice, address(usdt)), 0, "a new UTC day");
        withdrawSigned(alice, address(usdt), 60_000e18);
    }

    function test_UserDayCap_ADepositDoesNotGiveTheUserMoreAllowance() public {
        // M-3: a deposit → withdrawal loop uses up the looper's own allowance only.
        vault.setToken(address(usdt), true, TX_CAP, DAY_CAP, 200_000e18);
        for (uint256 i = 0; i < 2; i++) {
            depositSigned(alice, address(usdt), 100_000e18);
            withdrawSigned(alice, address(usdt), 100_000e18);
        }
        depositSigned(alice, address(usdt), 100_000e18);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 100_000e18);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverUserDayCap.selector, 100_000e18, 0));
        callWithdraw(m, sig);
        (,,, uint256 paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 0, "the loop left no net outflow: the vault-wide cap is untouched");
        withdrawSigned(bob, address(usdt), 100_000e18);
    }

    function test_DayCap_CountsNetOutflow() public {
        withdrawSigned(alice, address(usdt), 100_000e18);
        depositSigned(bob, address(usdt), 30_000e18);
        (,,, uint256 paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 70_000e18, "a deposit lowers today's net outflow");
        usdt.approve(address(vault), 20_000e18);
        vault.fund(address(usdt), 20_000e18);
        (,,, paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 50_000e18, "so does a funding");
        depositSigned(bob, address(usdt), 80_000e18);
        (,,, paid,,) = vault.tokenInfo(address(usdt));
        assertEq(paid, 0, "never below 0: inflows bank no allowance for later payouts");
        vault.setToken(address(usdt), true, TX_CAP, 100_000e18, USER_CAP);
        withdrawSigned(bob, address(usdt), 100_000e18);
        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 1);
        Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.OverDayCap.selector, 1, 0));
        callWithdraw(m, sig);
    }

    function testFuzz_DayCap_NetOutflowOfADayNeverExceedsTheCap(uint256[10] memory moves, uint256 dayCap) public {
        // Whatever mix of deposits and withdrawals: payouts − inflows of the day <= the cap (a stolen signer
        // key, which signs anything, takes at most the cap net per day).
        dayCap = bound(dayCap, 1e18, 150_000e18);
        vault.setToken(address(usdt), true, TX_CAP, dayCap, USER_CAP);
        uint256 out;
        uint256 inflow;
        for (uint256 i = 0; i < moves.length; i++) {
            uint256 amount = bound(moves[i] >> 1, 1, TX_CAP);
            if (moves[i] & 1 == 0) {
                depositSigned(bob, address(usdt), amount);
                inflow += amount;
            } else {
                WithdrawMsg memory m = withdrawMsg(alice, address(usdt), amount);
                Sig memory sig = signWithdraw(SIGNER_KEY, address(vault), m);
                vm.prank(alice);
                try vault.withdraw(m.token, m.amount, m.deadline, sig.r, sig.s, sig.v) {
                    out += amount;
                } catch {}
            }
            assertLe(out, inflow + dayCap, "net outflow <= the day cap");
        }
    }

    function test_ExchangeBudget_BoundsOutputsAndGrowsWithFundingAndInputs() public {
        (,,,,, uint256 budget) = vault.tokenInfo(address(eusd));
        assertEq(budget, RESERVE, "the fixture's funding");
        raiseCaps(address(eusd), RESERVE + 1, DAY_CAP, USER_CAP);
        ExchangeMsg memory m = exchangeMsg(alice, address(usdt), RESERVE + 1, address(eusd), RESERVE + 1);
        Sig memory sig = signExchange(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.ExchangeBudgetExceeded.selector, RESERVE + 1, RESERVE));
        callExchange(m, sig);
        // A user's deposit is not budget: exchanges cannot pay out what the ledger owes.
        depositSigned(bob, address(eusd), 50_000e18);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.ExchangeBudgetExceeded.selector, RESERVE + 1, RESERVE));
        callExchange(m, sig);
        // A funding is.
        vm.expectEmit(address(vault));
        emit IEternoVault.ExchangeBudgetAdded(address(eusd), 1, RESERVE + 1);
        vm.prank(bob);
        vault.fund(address(eusd), 1);
        callExchange(m, sig);
        (,,,,, budget) = vault.tokenInfo(address(eusd));
        assertEq(budget, 0, "used up");
        // And an exchange's input is: EUSD paid in can be paid out again by another exchange.
        ExchangeMsg memory back = exchangeMsg(bob, address(eusd), 10e18, address(usdt), 9e18);
        callExchange(back, signExchange(SIGNER_KEY, address(vault), back));
        (,,,,, budget) = vault.tokenInfo(address(eusd));
        assertEq(budget, 10e18, "the input joined EUSD's budget");
        assertEq(eusd.balanceOf(address(vault)), 50_000e18 + 10e18, "the deposit is still held");
    }

    function test_Fund_RefusesATokenNotAllowed() public {
        // I-2: no reserve (and no indexed figure) for a token the vault does not take.
        EternoToken other = new EternoToken("Other", "OTH", 1e24, address(this));
        other.approve(address(vault), 1e18);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(other)));
        vault.fund(address(other), 1e18);
        vault.setToken(address(usdt), false, TX_CAP, DAY_CAP, USER_CAP);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.TokenNotAllowed.selector, address(usdt)));
        vault.fund(address(usdt), 1e18);
    }

    // ------------------------------------------------------------ signer rotation

    function test_Rotation_ProposeWaitActivate() public {
        uint256 newKey = 0xBEEF;
        address next = vm.addr(newKey);
        uint256 eta = block.timestamp + DELAY;
        vm.expectEmit(address(vault));
        emit IEternoVault.SignerProposed(next, eta);
        vault.proposeSigner(next);
        assertEq(vault.pendingSigner(), next, "pending");
        assertEq(vault.pendingSignerEta(), eta, "eta");

        vm.warp(eta - 1);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.SignerNotReady.selector, eta));
        vault.activateSigner();
        // Until activation the old signer still signs.
        withdrawSigned(alice, address(usdt), 1e18);

        vm.warp(eta);
        vm.expectEmit(address(vault));
        emit IEternoVault.SignerChanged(signer, next);
        vault.activateSigner();
        assertEq(vault.signer(), next, "rotated");
        assertEq(vault.pendingSigner(), address(0), "proposal cleared");
        assertEq(vault.pendingSignerEta(), 0, "eta cleared");

        WithdrawMsg memory m = withdrawMsg(alice, address(usdt), 1e18);
        Sig memory old = signWithdraw(SIGNER_KEY, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, signer));
        callWithdraw(m, old);
        callWithdraw(m, signWithdraw(newKey, address(vault), m));
        assertEq(vault.nonces(alice, 1), 2, "the new signer's voucher paid");
    }

    function test_Rotation_OnlyTheOwnerAndNeverToZero() public {
        vm.startPrank(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.proposeSigner(stranger);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.activateSigner();
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, stranger));
        vault.cancelSignerProposal();
        vm.stopPrank();
        vm.expectRevert(EternoVault.ZeroAddress.selector);
        vault.proposeSigner(address(0));
    }

    function test_Rotation_CancelAndNothingToActivate() public {
        vm.expectRevert(EternoVault.NoSignerProposal.selector);
        vault.activateSigner();
        vm.expectRevert(EternoVault.NoSignerProposal.selector);
        vault.cancelSignerProposal();
        vault.proposeSigner(bob);
        vm.expectEmit(address(vault));
        emit IEternoVault.SignerProposalCancelled(bob);
        vault.cancelSignerProposal();
        vm.warp(block.timestamp + DELAY);
        vm.expectRevert(EternoVault.NoSignerProposal.selector);
        vault.activateSigner();
        assertEq(vault.signer(), signer, "unchanged");
    }

    function test_Rotation_ANewProposalRestartsTheDelay() public {
        vault.proposeSigner(bob);
        vm.warp(block.timestamp + DELAY - 1 hours);
        vault.proposeSigner(alice);
        vm.warp(block.timestamp + 1 hours);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.SignerNotReady.selector, block.timestamp + DELAY - 1 hours));
        vault.activateSigner();
        vm.warp(block.timestamp + DELAY);
        vault.activateSigner();
        assertEq(vault.signer(), alice, "the latest proposal");
    }

    // ------------------------------------------------------------ the owner cannot move tokens

    function test_Owner_HasNoWayToTakeTokens() public {
        // The owner's only powers: setToken, cap proposals, pause/unpause, the signer timelock, ownership. None pays out;
        // a withdrawal by the owner needs a signer's voucher like anyone's.
        WithdrawMsg memory m = withdrawMsg(address(this), address(usdt), 1e18);
        Sig memory forged = signWithdraw(0xBAD, address(vault), m);
        vm.expectRevert(abi.encodeWithSelector(EternoVault.InvalidSigner.selector, vm.addr(0xBAD)));
        vault.withdraw(m.token, m.amount, m.deadline, forged.r, forged.s, forged.v);
    }

    // ------------------------------------------------------------ reentrancy

    function test_Withdraw_ATokenReenteringTheVaultIsRefused() public {
        ReentrantToken evil = new ReentrantToken(1_000_000e18, address(this));
        vault.setToken(address(evil), true, TX_CAP, DAY_CAP, USER_CAP);
        evil.approve(address(vault), RESERVE);
        vault.fund(address(evil), RESERVE);
        // A second voucher, for the next nonce, that the token tries to cash from inside the first payout.
        WithdrawMsg memory first = withdrawMsg(alice, address(evil), 10e18);
        WithdrawMsg memory second = WithdrawMsg(alice, address(evil), 10e18, 1, first.deadline);
        Sig memory s1 = signWithdraw(SIGNER_KEY, address(vault), first);
        Sig memory s2 = signWithdraw(SIGNER_KEY, address(vault), second);
        evil.arm(
            address(vault),
            abi.encodeCall(EternoVault.withdraw, (address(evil), 10e18, first.deadline, s2.r, s2.s, s2.v))
        );
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        callWithdraw(first, s1);
        assertEq(evil.balanceOf(alice), 0, "nothing paid");
        assertEq(vault.nonces(alice, 1), 0, "no nonce used");
    }

    // ------------------------------------------------------------ helpers

    function withdrawSigned(address user, address token, uint256 amount) private {
        WithdrawMsg memory m = withdrawMsg(user, token, amount);
        callWithdraw(m, signWithdraw(SIGNER_KEY, address(vault), m));
    }

    function depositSigned(address user, address token, uint256 amount) private {
        DiveInMsg memory m = diveInMsg(user, token, amount);
        callDiveIn(m, signDiveIn(SIGNER_KEY, address(vault), m));
    }
}

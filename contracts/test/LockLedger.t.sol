// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {Test} from "./utils/Test.sol";

/// @notice Crediting, linear release, claims, fees, revocable entries, writers and funding of the lock ledger.
contract LockLedgerTest is Test {
    address private writer = address(0x11);
    address private stakeWriter = address(0x22);
    address private fees = address(0xFEE);
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    EternoToken private etro;
    LockLedger private ledger;

    event Credited(address indexed user, address indexed writer, uint256 amount, uint256 duration, uint256 feeBps);
    event CreditedRevocable(
        address indexed user, address indexed writer, uint256 slot, uint256 amount, uint256 duration, uint256 feeBps
    );
    event Claimed(address indexed user, uint256 swapAmount, uint256 stakeAmount, uint256 swapFee, uint256 stakeFee);
    event Revoked(address indexed user, address indexed writer, uint256 slot, uint256 kept, uint256 unreleased);
    event WriterProposed(address indexed writer, LockLedger.Kind kind, uint256 executableAt);
    event WriterAdded(address indexed writer, LockLedger.Kind kind);
    event WriterRemoved(address indexed writer);
    event ClaimFeesSet(uint256 swapFeeBps, uint256 stakeFeeBps);

    function setUp() public {
        vm.warp(1_000_000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        ledger = new LockLedger(etro, address(this));
        ledger.setupWriter(writer, LockLedger.Kind.Swap);
        ledger.setupWriter(stakeWriter, LockLedger.Kind.Stake);
        ledger.setFeeReceiver(fees);
        // Fee-free by default in these tests so the release arithmetic reads plainly; the fee has its own.
        ledger.setClaimFees(0, 0);
        require(etro.transfer(writer, 10_000_000e18), "fund writer");
        require(etro.transfer(stakeWriter, 10_000_000e18), "fund stake writer");
    }

    /// @dev The swap writer funds the ledger with `amount` and credits it to `user`.
    function _credit(address user, uint256 amount, uint256 duration) private {
        _creditAs(writer, user, amount, duration);
    }

    function _creditAs(address from, address user, uint256 amount, uint256 duration) private {
        vm.startPrank(from);
        require(etro.transfer(address(ledger), amount), "fund ledger");
        ledger.credit(user, amount, duration);
        vm.stopPrank();
    }

    /// @dev The stake writer funds and credits a revocable entry; returns its slot.
    function _creditRevocable(address user, uint256 amount, uint256 duration) private returns (uint256 slot) {
        vm.startPrank(stakeWriter);
        require(etro.transfer(address(ledger), amount), "fund ledger");
        slot = ledger.creditRevocable(user, amount, duration);
        vm.stopPrank();
    }

    function _claim(address user) private returns (uint256 amount) {
        vm.prank(user);
        (amount,) = ledger.claim();
    }

    function _key(LockLedger.Kind kind, uint256 feeBps, uint256 duration) private pure returns (uint256) {
        return (uint256(kind) << 48) | (feeBps << 32) | duration;
    }

    function test_ConstructorRejectsZeroAddresses() public {
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        new LockLedger(IERC20(address(0)), address(this));
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableInvalidOwner.selector, address(0)));
        new LockLedger(etro, address(0));
    }

    function test_OwnerDefaultsAndWriterKinds() public {
        LockLedger fresh = new LockLedger(etro, alice);
        assertEq(fresh.owner(), alice, "owner");
        assertEq(fresh.feeReceiver(), alice, "fees go to the owner until changed");
        assertEq(fresh.swapClaimFeeBps(), 500, "5 % on swap purchases");
        assertEq(fresh.stakeClaimFeeBps(), 300, "3 % on staking rewards");
        assertEq(fresh.MAX_REVOCABLE(), 16, "16 revocable entries");
        assertEq(address(ledger.ETRO()), address(etro), "token");
        (bool active, LockLedger.Kind kind) = ledger.writerOf(stakeWriter);
        assertTrue(active, "stake writer active");
        assertEq(uint256(kind), uint256(LockLedger.Kind.Stake), "stake kind");
        (active,) = ledger.writerOf(alice);
        assertFalse(active, "alice is no writer");
    }

    function test_CreditRequiresAWriter() public {
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, alice));
        ledger.credit(alice, 1e18, 0);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, alice));
        ledger.creditRevocable(alice, 1e18, 1 days);
        vm.stopPrank();
    }

    function test_CreditDurationIsBounded() public {
        vm.startPrank(writer);
        require(etro.transfer(address(ledger), 10e18), "fund");
        uint256 tooLong = ledger.MAX_DURATION() + 1;
        vm.expectRevert(abi.encodeWithSelector(LockLedger.DurationTooLong.selector, tooLong, tooLong - 1));
        ledger.credit(alice, 1e18, tooLong);
        vm.stopPrank();
        vm.startPrank(stakeWriter);
        vm.expectRevert(LockLedger.ZeroDuration.selector);
        ledger.creditRevocable(alice, 1e18, 0);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.DurationTooLong.selector, tooLong, tooLong - 1));
        ledger.creditRevocable(alice, 1e18, tooLong);
        vm.stopPrank();
    }

    function test_CreditRevertsWhenUnfunded() public {
        _credit(alice, 100e18, 1 days);
        vm.prank(writer);
        require(etro.transfer(address(ledger), 10e18), "partial funding");
        vm.prank(writer);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.Unfunded.selector, 111e18, 110e18));
        ledger.credit(bob, 11e18, 1 days);
        vm.prank(stakeWriter);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.Unfunded.selector, 111e18, 110e18));
        ledger.creditRevocable(bob, 11e18, 1 days);
    }

    function test_CreditRejectsZeroAmountAndZeroUser() public {
        vm.startPrank(writer);
        vm.expectRevert(LockLedger.ZeroAmount.selector);
        ledger.credit(alice, 0, 0);
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        ledger.credit(address(0), 1, 0);
        vm.stopPrank();
    }

    function test_CreditEmitsAndOpensAStream() public {
        ledger.setClaimFees(500, 300);
        vm.prank(writer);
        require(etro.transfer(address(ledger), 100e18), "fund");
        vm.expectEmit(address(ledger));
        emit Credited(alice, writer, 100e18, 1 days, 500);
        vm.prank(writer);
        ledger.credit(alice, 100e18, 1 days);

        uint256[] memory keys = ledger.streamKeysOf(alice);
        assertEq(keys.length, 1, "one stream");
        assertEq(keys[0], _key(LockLedger.Kind.Swap, 500, 1 days), "keyed by kind, fee at the credit, duration");
        LockLedger.Stream memory stream = ledger.streamOf(alice, keys[0]);
        assertEq(uint256(stream.length), 1, "one position");
        assertEq(uint256(stream.listed), 1, "listed first");
        (uint256 next, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(next, block.timestamp + 1 days, "next full release");
        assertEq(last, block.timestamp + 1 days, "all released at");
        assertEq(ledger.credited(alice), 100e18, "credited");
        assertEq(ledger.locked(alice), 100e18, "all locked");
        assertEq(ledger.claimable(alice), 0, "nothing claimable");
        assertEq(uint256(ledger.totalCredited()), 100e18, "total credited");
    }

    function test_ReleasesLinearlyOver24Hours() public {
        _credit(alice, 240e18, 24 hours);
        vm.warp(block.timestamp + 6 hours);
        assertEq(ledger.claimable(alice), 60e18, "a quarter after 6 h");
        assertEq(ledger.locked(alice), 180e18, "three quarters locked");

        vm.expectEmit(address(ledger));
        emit Claimed(alice, 60e18, 0, 0, 0);
        assertEq(_claim(alice), 60e18, "claim pays the released part");
        assertEq(etro.balanceOf(alice), 60e18, "alice received");
        assertEq(ledger.claimable(alice), 0, "nothing left to claim now");

        vm.warp(block.timestamp + 18 hours);
        assertEq(ledger.claimable(alice), 180e18, "the rest after 24 h");
        assertEq(ledger.locked(alice), 0, "nothing locked");
        _claim(alice);
        assertEq(etro.balanceOf(alice), 240e18, "all paid");
        (uint256 c, uint256 r, uint256 p) = ledger.summaryOf(alice);
        assertEq(c, 240e18, "summary credited");
        assertEq(r, 240e18, "summary released");
        assertEq(p, 240e18, "summary claimed");
        assertEq(ledger.streamKeysOf(alice).length, 0, "the finished stream left the list");

        vm.warp(block.timestamp + 365 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, alice));
        ledger.claim();
    }

    function test_ZeroDurationIsClaimableAtOnce() public {
        _credit(alice, 5e18, 0);
        assertEq(ledger.claimable(alice), 5e18, "claimable at once");
        (uint256 next, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(next + last, 0, "nothing releasing");
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 5e18, "paid");
    }

    function test_NothingToClaimRightAfterACredit() public {
        _credit(alice, 100e18, 1 days);
        assertEq(ledger.claimable(alice), 0, "not released yet");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, alice));
        ledger.claim();
        vm.warp(block.timestamp + 12 hours);
        assertEq(ledger.claimable(alice), 50e18, "half after half the duration");
    }

    function test_EntriesOfDifferentDurationsAddUp() public {
        _credit(alice, 100e18, 10 days);
        _credit(alice, 30e18, 1 days);
        _credit(alice, 7e18, 0);
        assertEq(ledger.streamKeysOf(alice).length, 3, "three streams");
        vm.warp(block.timestamp + 1 days);
        // 10 + 30 + 7
        assertEq(ledger.claimable(alice), 47e18, "after one day");
        vm.prank(alice);
        ledger.claim();
        assertEq(ledger.streamKeysOf(alice).length, 1, "finished streams left the list");
        vm.warp(block.timestamp + 4 days);
        assertEq(ledger.claimable(alice), 40e18, "four more days of the long entry");
        assertEq(ledger.locked(alice), 50e18, "half of the long entry locked");
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 137e18, "everything paid");
    }

    function test_ClaimFoldsFinishedEntriesWithoutChangingFigures() public {
        _credit(alice, 10e18, 1 hours);
        _credit(alice, 20e18, 2 hours);
        _credit(alice, 40e18, 10 hours);
        vm.warp(block.timestamp + 5 hours);
        uint256 before = ledger.claimable(alice);
        // 10 + 20 + 40 * 5 / 10
        assertEq(before, 50e18, "released before the claim");
        assertEq(_claim(alice), before, "claim pays the view's figure");
        _credit(alice, 8e18, 0);
        assertEq(ledger.claimable(alice), 8e18, "new entry after folding");
        assertEq(ledger.released(alice), 58e18, "released total unchanged by folding");
    }

    function test_AFullyFoldedStreamRestartsAtPositionZero() public {
        uint256 key = _key(LockLedger.Kind.Swap, 0, 1 hours);
        for (uint256 i = 0; i < 3; i++) {
            _credit(alice, 1e18, 1 hours);
            vm.warp(block.timestamp + 10);
        }
        assertEq(uint256(ledger.streamOf(alice, key).length), 3, "three positions");
        vm.warp(block.timestamp + 1 hours);
        // No claim: the next credit folds the three finished positions and restarts the stream.
        _credit(alice, 2e18, 1 hours);
        LockLedger.Stream memory stream = ledger.streamOf(alice, key);
        assertEq(uint256(stream.length), 1, "restarted: the new entry is position 0");
        assertEq(uint256(stream.cursor), 0, "cursor back to 0");
        assertEq(uint256(int256(stream.balance)), 3e18, "the finished ones moved to the balance");
        assertEq(ledger.released(alice), 3e18, "released unchanged");
        vm.warp(block.timestamp + 30 minutes);
        assertEq(ledger.released(alice), 4e18, "and the new one releases from now");
    }

    function test_UsersAreIndependent() public {
        _credit(alice, 10e18, 0);
        _credit(bob, 20e18, 2 days);
        assertEq(ledger.claimable(alice), 10e18, "alice");
        assertEq(ledger.claimable(bob), 0, "bob");
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, bob));
        ledger.claim();
    }

    function testFuzz_ReleasedNeverExceedsCredited(uint256 amount, uint64 duration, uint256 elapsed) public {
        amount = bound(amount, 1, 1_000_000e18);
        duration = uint64(bound(duration, 0, 400 days));
        elapsed = bound(elapsed, 0, 800 days);
        _credit(alice, amount, duration);
        vm.warp(block.timestamp + elapsed);
        uint256 expected = elapsed >= duration ? amount : amount * elapsed / duration;
        assertEq(ledger.released(alice), expected, "linear release");
        assertLe(ledger.released(alice), ledger.credited(alice), "released <= credited");
        assertEq(ledger.locked(alice) + ledger.claimable(alice), amount, "locked + claimable");
    }

    function testFuzz_ClaimsAtAnyTimesPayExactlyTheCredit(uint256 amount, uint256[4] memory steps) public {
        amount = bound(amount, 1, 1_000_000e18);
        _credit(alice, amount, 24 hours);
        for (uint256 i = 0; i < steps.length; i++) {
            vm.warp(block.timestamp + bound(steps[i], 0, 12 hours));
            if (ledger.claimable(alice) > 0) {
                vm.prank(alice);
                ledger.claim();
            }
            assertLe(etro.balanceOf(alice), amount, "never paid more than credited");
        }
        vm.warp(block.timestamp + 24 hours);
        if (ledger.claimable(alice) > 0) {
            vm.prank(alice);
            ledger.claim();
        }
        assertEq(etro.balanceOf(alice), amount, "all paid in the end");
        assertEq(etro.balanceOf(address(ledger)), 0, "ledger empty");
    }

    function test_ClaimFeeIsPerKindAndPaidToTheReceiver() public {
        ledger.setClaimFees(500, 300);
        _credit(alice, 1000e18, 0);
        _creditAs(stakeWriter, alice, 200e18, 0);
        (uint256 amount, uint256 fee) = ledger.quoteClaim(alice);
        assertEq(amount, 1200e18, "quoted amount");
        assertEq(fee, 50e18 + 6e18, "5 % of the swap part + 3 % of the stake part");
        vm.expectEmit(address(ledger));
        emit Claimed(alice, 1000e18, 200e18, 50e18, 6e18);
        vm.prank(alice);
        (uint256 paid, uint256 charged) = ledger.claim();
        assertEq(paid, 1200e18, "claimed");
        assertEq(charged, 56e18, "fee");
        assertEq(etro.balanceOf(alice), 1144e18, "user receives amount - fee");
        assertEq(etro.balanceOf(fees), 56e18, "receiver got the fee");
        assertEq(ledger.claimed(alice), 1200e18, "claimed counts the fee");
        (uint256 swapReleased, uint256 stakeReleased) = ledger.releasedByKind(alice);
        assertEq(swapReleased, 1000e18, "released swap purchases");
        assertEq(stakeReleased, 200e18, "released staking rewards");
    }

    /// @notice L-4 (claim fee): a raise applies only to entries credited after it; a decrease to every entry.
    function test_AFeeRaiseTouchesOnlyLaterEntriesAndADecreaseAll() public {
        ledger.setClaimFees(500, 300);
        _credit(alice, 1000e18, 1 days);
        _creditRevocable(alice, 1000e18, 10 days);
        vm.warp(block.timestamp + 1 days);
        (uint256 amount, uint256 feeBefore) = ledger.quoteClaim(alice);
        assertEq(amount, 1100e18, "1,000 swap + a tenth of the stake entry");
        assertEq(feeBefore, 50e18 + 3e18, "5 % and 3 %");

        ledger.setClaimFees(1000, 1000);
        (, uint256 feeAfter) = ledger.quoteClaim(alice);
        assertEq(feeAfter, feeBefore, "the raise does not touch entries credited before it");
        _credit(alice, 100e18, 0);
        (, uint256 withNew) = ledger.quoteClaim(alice);
        assertEq(withNew, feeBefore + 10e18, "the new entry pays the new 10 %");

        ledger.setClaimFees(100, 0);
        (uint256 all, uint256 lowered) = ledger.quoteClaim(alice);
        assertEq(all, 1200e18, "everything claimable");
        assertEq(lowered, 1100e18 / 100, "a decrease applies at once: 1 % on swaps, 0 on stakes");
        vm.prank(alice);
        (, uint256 charged) = ledger.claim();
        assertEq(charged, lowered, "the claim charges the quote");
    }

    function test_ClaimFeesAreBoundedOwnerOnlyAndEmitted() public {
        vm.expectRevert(abi.encodeWithSelector(LockLedger.FeeTooHigh.selector, 1001, 1000));
        ledger.setClaimFees(1001, 0);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.FeeTooHigh.selector, 1001, 1000));
        ledger.setClaimFees(0, 1001);
        vm.expectEmit(address(ledger));
        emit ClaimFeesSet(1000, 0);
        ledger.setClaimFees(1000, 0);
        assertEq(ledger.swapClaimFeeBps(), 1000, "swap fee");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        ledger.setClaimFees(1, 1);
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        ledger.setFeeReceiver(address(0));
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        ledger.setFeeReceiver(alice);
    }

    function test_WritersAreSealedByTheFirstCreditThenNeedADelay() public {
        assertFalse(ledger.writersSealed(), "open before any credit");
        _credit(alice, 1e18, 0);
        assertTrue(ledger.writersSealed(), "sealed by the first credit");
        vm.expectRevert(LockLedger.WritersAreSealed.selector);
        ledger.setupWriter(bob, LockLedger.Kind.Swap);

        uint256 at = block.timestamp + ledger.WRITER_DELAY();
        vm.expectEmit(address(ledger));
        emit WriterProposed(bob, LockLedger.Kind.Stake, at);
        ledger.proposeWriter(bob, LockLedger.Kind.Stake);
        (address[] memory pending, uint8[] memory kinds, uint256[] memory executableAt) = ledger.pendingWriters();
        assertEq(pending.length, 1, "one pending writer");
        assertEq(pending[0], bob, "bob is pending");
        assertEq(uint256(kinds[0]), uint256(LockLedger.Kind.Stake), "its kind");
        assertEq(executableAt[0], at, "when it can be added");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.ProposalNotReady.selector, bob, at));
        ledger.executeWriter(bob);
        vm.warp(at - 1);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.ProposalNotReady.selector, bob, at));
        ledger.executeWriter(bob);
        vm.warp(at);
        vm.expectEmit(address(ledger));
        emit WriterAdded(bob, LockLedger.Kind.Stake);
        ledger.executeWriter(bob);
        (bool active, LockLedger.Kind kind) = ledger.writerOf(bob);
        assertTrue(active && kind == LockLedger.Kind.Stake, "added with its kind");
        (pending,,) = ledger.pendingWriters();
        assertEq(pending.length, 0, "nothing pending once added");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoProposal.selector, bob));
        ledger.executeWriter(bob);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.AlreadyWriter.selector, bob));
        ledger.proposeWriter(bob, LockLedger.Kind.Swap);
    }

    function test_WriterProposalsCanBeCancelledAndOnlyTheOwnerActs() public {
        ledger.sealWriters();
        ledger.proposeWriter(bob, LockLedger.Kind.Swap);
        ledger.proposeWriter(alice, LockLedger.Kind.Stake);
        ledger.proposeWriter(bob, LockLedger.Kind.Stake);
        (address[] memory pending, uint8[] memory kinds,) = ledger.pendingWriters();
        assertEq(pending.length, 2, "a renewed proposal is listed once");
        assertEq(uint256(kinds[0]), uint256(LockLedger.Kind.Stake), "with its latest kind");
        ledger.cancelWriter(bob);
        (pending,,) = ledger.pendingWriters();
        assertEq(pending.length, 1, "cancelled proposals leave the list");
        assertEq(pending[0], alice, "alice still pending");
        vm.warp(block.timestamp + 3 days);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoProposal.selector, bob));
        ledger.executeWriter(bob);
        vm.startPrank(alice);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        ledger.proposeWriter(alice, LockLedger.Kind.Swap);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        ledger.removeWriter(writer);
        vm.stopPrank();
    }

    function test_RemovingAWriterStopsItsCreditsAtOnce() public {
        vm.expectEmit(address(ledger));
        emit WriterRemoved(writer);
        ledger.removeWriter(writer);
        vm.startPrank(writer);
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, writer));
        ledger.credit(alice, 1e18, 0);
        vm.stopPrank();
    }

    /// @notice A removed writer still revokes its own entries: no owner action can block an early leave.
    function test_ARemovedWriterStillRevokesItsOwnEntries() public {
        uint256 slot = _creditRevocable(alice, 100e18, 100 days);
        ledger.removeWriter(stakeWriter);
        vm.warp(block.timestamp + 50 days);
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, slot), 50e18, "the unreleased half goes back");
        assertEq(ledger.credited(alice), 50e18, "the released half stays");
        vm.startPrank(stakeWriter);
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, stakeWriter));
        ledger.creditRevocable(alice, 1e18, 1 days);
        vm.stopPrank();
    }

    function test_RevokeKeepsWhatWasReleasedAndReturnsTheRest() public {
        vm.prank(stakeWriter);
        require(etro.transfer(address(ledger), 100e18), "fund");
        vm.expectEmit(address(ledger));
        emit CreditedRevocable(alice, stakeWriter, 0, 100e18, 100 days, 0);
        vm.prank(stakeWriter);
        uint256 slot = ledger.creditRevocable(alice, 100e18, 100 days);
        assertEq(slot, 0, "first slot");
        vm.warp(block.timestamp + 25 days);
        uint256 before = etro.balanceOf(stakeWriter);
        vm.expectEmit(address(ledger));
        emit Revoked(alice, stakeWriter, slot, 25e18, 75e18);
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, slot), 75e18, "unreleased part returned");
        assertEq(etro.balanceOf(stakeWriter) - before, 75e18, "writer got it back");
        assertEq(ledger.credited(alice), 25e18, "credited less the revoked remainder");
        assertEq(ledger.released(alice), 25e18, "released stays");
        assertEq(ledger.locked(alice), 0, "nothing locked");
        (uint256 occupied,,) = ledger.revocablesOf(alice);
        assertEq(occupied, 0, "slot freed");
        assertEq(ledger.streamKeysOf(alice)[0], _key(LockLedger.Kind.Stake, 0, 0), "kept part in the instant stream");
        vm.warp(block.timestamp + 200 days);
        assertEq(ledger.released(alice), 25e18, "a revoked entry releases no more");
        assertEq(_claim(alice), 25e18, "claims what it kept");
        assertEq(ledger.totalRevoked(), 75e18, "total revoked");
    }

    function test_ARevocationAfterAPartialClaimMovesOnlyTheUnclaimedRelease() public {
        ledger.setClaimFees(0, 300);
        uint256 slot = _creditRevocable(alice, 120e18, 120 days);
        vm.warp(block.timestamp + 30 days);
        assertEq(_claim(alice), 30e18, "a quarter claimed");
        vm.warp(block.timestamp + 30 days);
        uint256 released = ledger.released(alice);
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, slot), 60e18, "half back");
        assertEq(ledger.released(alice), released, "released unchanged by the revocation");
        assertEq(ledger.claimable(alice), 30e18, "the second quarter is still the user's");
        (, uint256 fee) = ledger.quoteClaim(alice);
        assertEq(fee, 30e18 * 300 / 10_000, "at the entry's fee");
        assertEq(_claim(alice), 30e18, "claimed");
        assertEq(ledger.credited(alice), 60e18, "credited: what was kept");
    }

    function test_RevokeRulesAndFinishedEntries() public {
        uint256 slot = _creditRevocable(alice, 100e18, 10 days);
        vm.prank(writer);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotEntryWriter.selector, alice, slot, stakeWriter));
        ledger.revoke(alice, slot);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotEntryWriter.selector, alice, slot, stakeWriter));
        ledger.revoke(alice, slot);
        vm.prank(stakeWriter);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, 5));
        ledger.revoke(alice, 5);
        vm.prank(stakeWriter);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, 16));
        ledger.revoke(alice, 16);
        vm.prank(stakeWriter);
        ledger.revoke(alice, slot);
        vm.prank(stakeWriter);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, slot));
        ledger.revoke(alice, slot);
        uint256 second = _creditRevocable(alice, 50e18, 1 days);
        vm.warp(block.timestamp + 1 days);
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, second), 0, "a finished entry has nothing to revoke");
        assertEq(ledger.released(alice), 50e18, "and keeps all it released");
    }

    function test_RevocableEntriesReleasePerEntryAndFreeTheirSlotOnceClaimed() public {
        uint256 a = _creditRevocable(alice, 30e18, 3 days);
        vm.warp(block.timestamp + 1 days);
        uint256 b = _creditRevocable(alice, 7, 3 days);
        assertEq(b, a + 1, "next slot");
        vm.warp(block.timestamp + 1 days);
        // a: 20e18; b: floor(7 / 3) = 2 (rounded down per entry).
        assertEq(ledger.released(alice), 20e18 + 2, "per entry, rounded down");
        (uint256 next, uint256 last) = ledger.releaseTimesOf(alice);
        assertEq(next, block.timestamp + 1 days, "a ends first");
        assertEq(last, block.timestamp + 2 days, "b ends last");
        vm.warp(block.timestamp + 1 days);
        _claim(alice);
        (uint256 occupied,,) = ledger.revocablesOf(alice);
        assertEq(occupied, 2 ** b, "the finished entry's slot is free");
        vm.warp(block.timestamp + 1 days);
        _claim(alice);
        (occupied,,) = ledger.revocablesOf(alice);
        assertEq(occupied, 0, "all free");
        assertEq(etro.balanceOf(alice), 30e18 + 7, "paid in full");
    }

    function test_TheRevocableTableHoldsSixteenRunningEntries() public {
        uint256 cap = ledger.MAX_REVOCABLE();
        for (uint256 i = 0; i < cap; i++) {
            assertEq(_creditRevocable(alice, 1e18, 1 days + i), i, "slots in order");
        }
        vm.startPrank(stakeWriter);
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.RevocableTableFull.selector, alice, cap));
        ledger.creditRevocable(alice, 1e18, 1 days);
        vm.stopPrank();
        // Once some have finished, a credit moves them out (their release stays claimable) and takes a slot.
        vm.warp(block.timestamp + 1 days + 3);
        uint256 released = ledger.released(alice);
        uint256 running;
        for (uint256 i = 4; i < cap; i++) {
            running += uint256(1e18) * (1 days + 3) / (1 days + i);
        }
        assertEq(released, 4e18 + running, "four finished, the others per entry");
        assertEq(_creditRevocable(alice, 1e18, 1 days), 0, "a freed slot");
        assertEq(ledger.released(alice), released, "released unchanged");
        (uint256 occupied,,) = ledger.revocablesOf(alice);
        assertEq(occupied, 0xFFFF & ~uint256(0xE), "slots 1-3 freed, 0 reused");
        vm.warp(block.timestamp + 2 days);
        _claim(alice);
        assertEq(etro.balanceOf(alice), 17e18, "all paid");
    }

    function test_ClaimCostDoesNotGrowWithOpenEntries() public {
        _credit(alice, 10e18, 1 days);
        for (uint256 i = 0; i < 400; i++) {
            vm.warp(block.timestamp + 60);
            _credit(bob, 10e18, 1 days);
        }
        vm.warp(block.timestamp + 12 hours);
        _credit(alice, 1, 1 days);
        _credit(bob, 1, 1 days);
        vm.prank(alice);
        uint256 g0 = gasleft();
        ledger.claim();
        uint256 one = g0 - gasleft();
        vm.prank(bob);
        g0 = gasleft();
        ledger.claim();
        uint256 many = g0 - gasleft();
        assertLe(many, one + one / 10, "402 open entries cost within 10 % of 2");
    }

    /// @notice H-1 at the ledger: a revocation costs the same whatever the user's history (finished,
    ///         unclaimed entries and earlier revocations included) — nothing is walked. Carol and bob have the
    ///         same shape of history (a stream, an earlier revocation), bob 300 times more of it.
    function test_RevokeCostDoesNotGrowWithHistory() public {
        address carol = address(0xCA201);
        uint256 plain = _prepare(carol, 1, 1);
        uint256 prepared = _prepare(bob, 300, 10);
        vm.warp(block.timestamp + 29 days);
        vm.prank(stakeWriter);
        uint256 g0 = gasleft();
        ledger.revoke(carol, plain);
        uint256 one = g0 - gasleft();
        vm.prank(stakeWriter);
        g0 = gasleft();
        ledger.revoke(bob, prepared);
        uint256 many = g0 - gasleft();
        // The same slots are read and written; only the values differ (a few gas of SSTORE pricing).
        assertApproxEqAbs(many, one, one / 100, "300 times the history: the same gas within 1 %");
    }

    /// @dev `finished` stake credits and `revoked` revocations (each after an hour) for `user`, then one
    ///      revocable entry of 30 days, whose slot is returned.
    function _prepare(address user, uint256 finished, uint256 revoked) private returns (uint256 slot) {
        for (uint256 i = 0; i < finished; i++) {
            _creditAs(stakeWriter, user, 1e18, 1 hours);
            vm.warp(block.timestamp + 1);
        }
        for (uint256 i = 0; i < revoked; i++) {
            uint256 s = _creditRevocable(user, 1e18, 30 days);
            vm.warp(block.timestamp + 1 hours);
            vm.prank(stakeWriter);
            ledger.revoke(user, s);
        }
        slot = _creditRevocable(user, 10e18, 30 days);
    }

    function test_FinishedEntriesFoldInOneSearch() public {
        for (uint256 i = 0; i < 300; i++) {
            _credit(alice, 1e18, 1 hours);
            vm.warp(block.timestamp + 1);
        }
        _credit(alice, 1e18, 1 hours);
        vm.warp(block.timestamp + 1 hours - 1);
        // Every entry but the last has finished.
        assertEq(ledger.released(alice), 300e18 + uint256(1e18) * 3599 / 3600, "finished + the last one's share");
        assertEq(_claim(alice), 300e18 + uint256(1e18) * 3599 / 3600, "claim folds them");
        vm.warp(block.timestamp + 1 hours);
        assertEq(_claim(alice), 1e18 - uint256(1e18) * 3599 / 3600, "the last one");
    }

    /// @notice I-1: there is no cap on streams; owner churn of durations and fees cannot block a credit, and
    ///         `claimStreams` claims any subset.
    function test_StreamsAreNotCappedAndASubsetCanBeClaimed() public {
        for (uint256 i = 0; i < 40; i++) {
            ledger.setClaimFees(i, i);
            _credit(alice, 1e18, 1 days + i);
        }
        uint256[] memory keys = ledger.streamKeysOf(alice);
        assertEq(keys.length, 40, "forty streams");
        vm.warp(block.timestamp + 2 days);
        uint256[] memory some = new uint256[](2);
        some[0] = keys[3];
        some[1] = keys[39];
        vm.prank(alice);
        (uint256 amount, uint256 fee) = ledger.claimStreams(some);
        assertEq(amount, 2e18, "two streams claimed");
        assertEq(fee, uint256(1e18) * 3 / 10_000 + uint256(1e18) * 39 / 10_000, "each at its own fee (lower than now)");
        assertEq(ledger.streamKeysOf(alice).length, 38, "those two left the list");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.StreamNotListed.selector, alice, keys[3]));
        ledger.claimStreams(some);
        vm.prank(alice);
        (amount,) = ledger.claim();
        assertEq(amount, 38e18, "the rest");
        assertEq(ledger.streamKeysOf(alice).length, 0, "all unlisted");
    }

    function test_ClaimStreamsAlsoClaimsTheRevocableEntries() public {
        _creditRevocable(alice, 10e18, 1 days);
        _credit(alice, 5e18, 0);
        vm.warp(block.timestamp + 1 days);
        vm.prank(alice);
        (uint256 amount,) = ledger.claimStreams(new uint256[](0));
        assertEq(amount, 10e18, "the revocable entries only");
        assertEq(ledger.claimable(alice), 5e18, "the stream waits");
    }

    function testFuzz_ReleasedNeverDecreasesAndMatchesEntries(
        uint256[6] memory amounts,
        uint256[6] memory gaps,
        uint8 revokeMask
    ) public {
        ledger.setClaimFees(500, 300);
        uint64[3] memory durations = [uint64(1 days), 3 days, 0];
        uint256[6] memory slots;
        uint256 total;
        for (uint256 i = 0; i < 6; i++) {
            amounts[i] = bound(amounts[i], 1, 1_000_000e18);
            if (i % 2 == 1) slots[i] = _creditRevocable(alice, amounts[i], 2 days);
            else _credit(alice, amounts[i], durations[i % 3]);
            total += amounts[i];
            vm.warp(block.timestamp + bound(gaps[i], 0, 1 days));
        }
        uint256 last = ledger.released(alice);
        uint256 revokedBack;
        uint256 fees_;
        for (uint256 i = 0; i < 6; i++) {
            if (i % 2 == 1 && (revokeMask >> i) & 1 == 1) {
                (uint256 occupied,,) = ledger.revocablesOf(alice);
                if (occupied & (2 ** slots[i]) != 0) {
                    vm.prank(stakeWriter);
                    revokedBack += ledger.revoke(alice, slots[i]);
                    assertEq(ledger.released(alice), last, "a revocation keeps what was released");
                }
            }
            vm.warp(block.timestamp + bound(gaps[i], 1, 12 hours));
            uint256 now_ = ledger.released(alice);
            assertGe(now_, last, "released never decreases");
            assertLe(now_, ledger.credited(alice), "released <= credited");
            last = now_;
            if (i % 3 == 0 && ledger.claimable(alice) > 0) {
                (uint256 quoted, uint256 quotedFee) = ledger.quoteClaim(alice);
                vm.prank(alice);
                (uint256 amount, uint256 fee) = ledger.claim();
                assertEq(amount, quoted, "claim == quote");
                assertEq(fee, quotedFee, "fee == quote");
                fees_ += fee;
            }
        }
        vm.warp(block.timestamp + 4 days);
        if (ledger.claimable(alice) > 0) {
            vm.prank(alice);
            (, uint256 fee) = ledger.claim();
            fees_ += fee;
        }
        assertEq(etro.balanceOf(alice) + fees_ + revokedBack, total, "paid + fees + revoked == credited");
        assertEq(etro.balanceOf(address(ledger)), 0, "ledger empty");
    }
}

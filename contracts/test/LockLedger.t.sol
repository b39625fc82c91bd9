// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {Test} from "./utils/Test.sol";

/// @notice Crediting, linear release, claims, fees, revocation, writers and funding of the lock ledger.
contract LockLedgerTest is Test {
    address private writer = address(0x11);
    address private stakeWriter = address(0x22);
    address private fees = address(0xFEE);
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    EternoToken private etro;
    LockLedger private ledger;

    event Credited(
        address indexed user, address indexed writer, uint256 indexed index, uint256 amount, uint64 start, uint64 duration
    );
    event Claimed(address indexed user, uint256 amount, uint256 fee);
    event Revoked(address indexed user, address indexed writer, uint256 indexed index, uint256 unreleased);
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

    /// @dev The writer funds the ledger with `amount` and credits it to `user`.
    function _credit(address user, uint256 amount, uint64 start, uint64 duration) private returns (uint256 index) {
        return _creditAs(writer, user, amount, start, duration);
    }

    function _creditAs(address from, address user, uint256 amount, uint64 start, uint64 duration)
        private
        returns (uint256 index)
    {
        vm.startPrank(from);
        require(etro.transfer(address(ledger), amount), "fund ledger");
        index = ledger.credit(user, amount, start, duration);
        vm.stopPrank();
    }

    function _claim(address user) private returns (uint256 amount) {
        vm.prank(user);
        (amount,) = ledger.claim();
    }

    function _now() private view returns (uint64) {
        return uint64(block.timestamp);
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
        assertEq(address(ledger.ETRO()), address(etro), "token");
        (bool active, LockLedger.Kind kind) = ledger.writerOf(stakeWriter);
        assertTrue(active, "stake writer active");
        assertEq(uint256(kind), uint256(LockLedger.Kind.Stake), "stake kind");
        (active,) = ledger.writerOf(alice);
        assertFalse(active, "alice is no writer");
    }

    function test_CreditRequiresAWriter() public {
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, alice));
        ledger.credit(alice, 1e18, _now(), 0);
    }

    function test_CreditStartsNowAndDurationIsBounded() public {
        vm.startPrank(writer);
        require(etro.transfer(address(ledger), 10e18), "fund");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.StartNotNow.selector, block.timestamp - 1, block.timestamp));
        ledger.credit(alice, 1e18, _now() - 1, 0);
        uint256 tooLong = ledger.MAX_DURATION() + 1;
        vm.expectRevert(abi.encodeWithSelector(LockLedger.DurationTooLong.selector, tooLong, tooLong - 1));
        ledger.credit(alice, 1e18, _now(), uint64(tooLong));
        vm.stopPrank();
    }

    function test_CreditRevertsWhenUnfunded() public {
        _credit(alice, 100e18, _now(), 1 days);
        vm.prank(writer);
        require(etro.transfer(address(ledger), 10e18), "partial funding");
        vm.prank(writer);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.Unfunded.selector, 111e18, 110e18));
        ledger.credit(bob, 11e18, _now(), 1 days);
    }

    function test_CreditRejectsZeroAmountAndZeroUser() public {
        vm.startPrank(writer);
        vm.expectRevert(LockLedger.ZeroAmount.selector);
        ledger.credit(alice, 0, _now(), 0);
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        ledger.credit(address(0), 1, _now(), 0);
        vm.stopPrank();
    }

    function test_CreditEmitsAndRecordsTheEntry() public {
        vm.prank(writer);
        require(etro.transfer(address(ledger), 100e18), "fund");
        vm.expectEmit(address(ledger));
        emit Credited(alice, writer, 0, 100e18, _now(), 1 days);
        vm.prank(writer);
        assertEq(ledger.credit(alice, 100e18, _now(), 1 days), 0, "first index");

        assertEq(ledger.entryCount(alice), 1, "count");
        LockLedger.Entry memory e = ledger.entryAt(alice, 0);
        assertEq(uint256(e.amount), 100e18, "amount");
        assertEq(uint256(e.start), block.timestamp, "start");
        assertEq(uint256(e.duration), 1 days, "duration");
        assertEq(ledger.credited(alice), 100e18, "credited");
        assertEq(ledger.locked(alice), 100e18, "all locked");
        assertEq(ledger.claimable(alice), 0, "nothing claimable");
        assertEq(uint256(ledger.totalCredited()), 100e18, "total credited");
    }

    function test_EntryAtRevertsOutOfRange() public {
        vm.expectRevert(abi.encodeWithSelector(LockLedger.EntryOutOfRange.selector, alice, 0, 0));
        ledger.entryAt(alice, 0);
    }

    function test_ReleasesLinearlyOver24Hours() public {
        _credit(alice, 240e18, _now(), 24 hours);
        vm.warp(block.timestamp + 6 hours);
        assertEq(ledger.claimable(alice), 60e18, "a quarter after 6 h");
        assertEq(ledger.locked(alice), 180e18, "three quarters locked");

        vm.expectEmit(address(ledger));
        emit Claimed(alice, 60e18, 0);
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

        vm.warp(block.timestamp + 365 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, alice));
        ledger.claim();
    }

    function test_ZeroDurationIsClaimableAtOnce() public {
        _credit(alice, 5e18, _now(), 0);
        assertEq(ledger.claimable(alice), 5e18, "claimable at once");
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 5e18, "paid");
    }

    function test_NothingToClaimRightAfterACredit() public {
        _credit(alice, 100e18, _now(), 1 days);
        assertEq(ledger.claimable(alice), 0, "not released yet");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, alice));
        ledger.claim();
        vm.warp(block.timestamp + 12 hours);
        assertEq(ledger.claimable(alice), 50e18, "half after half the duration");
    }

    function test_EntriesOfDifferentDurationsAddUp() public {
        _credit(alice, 100e18, _now(), 10 days);
        _credit(alice, 30e18, _now(), 1 days);
        _credit(alice, 7e18, _now(), 0);
        vm.warp(block.timestamp + 1 days);
        // 10 + 30 + 7
        assertEq(ledger.claimable(alice), 47e18, "after one day");
        vm.prank(alice);
        ledger.claim();
        vm.warp(block.timestamp + 4 days);
        assertEq(ledger.claimable(alice), 40e18, "four more days of the long entry");
        assertEq(ledger.locked(alice), 50e18, "half of the long entry locked");
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 137e18, "everything paid");
        assertEq(ledger.entriesOf(alice).length, 3, "entries kept as records");
    }

    function test_ClaimFoldsFinishedEntriesWithoutChangingFigures() public {
        _credit(alice, 10e18, _now(), 1 hours);
        _credit(alice, 20e18, _now(), 2 hours);
        _credit(alice, 40e18, _now(), 10 hours);
        vm.warp(block.timestamp + 5 hours);
        uint256 before = ledger.claimable(alice);
        // 10 + 20 + 40 * 5 / 10
        assertEq(before, 50e18, "released before the claim");
        assertEq(_claim(alice), before, "claim pays the view's figure");
        _credit(alice, 8e18, _now(), 0);
        assertEq(ledger.claimable(alice), 8e18, "new entry after folding");
        assertEq(ledger.released(alice), 58e18, "released total unchanged by folding");
    }

    function test_UsersAreIndependent() public {
        _credit(alice, 10e18, _now(), 0);
        _credit(bob, 20e18, _now(), 2 days);
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
        _credit(alice, amount, _now(), duration);
        vm.warp(block.timestamp + elapsed);
        uint256 expected = elapsed >= duration ? amount : amount * elapsed / duration;
        assertEq(ledger.released(alice), expected, "linear release");
        assertLe(ledger.released(alice), ledger.credited(alice), "released <= credited");
        assertEq(ledger.locked(alice) + ledger.claimable(alice), amount, "locked + claimable");
    }

    function testFuzz_ClaimsAtAnyTimesPayExactlyTheCredit(uint256 amount, uint256[4] memory steps) public {
        amount = bound(amount, 1, 1_000_000e18);
        _credit(alice, amount, _now(), 24 hours);
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
        _credit(alice, 1000e18, _now(), 0);
        _creditAs(stakeWriter, alice, 200e18, _now(), 0);
        (uint256 amount, uint256 fee) = ledger.quoteClaim(alice);
        assertEq(amount, 1200e18, "quoted amount");
        assertEq(fee, 50e18 + 6e18, "5 % of the swap part + 3 % of the stake part");
        vm.expectEmit(address(ledger));
        emit Claimed(alice, 1200e18, 56e18);
        vm.prank(alice);
        (uint256 paid, uint256 charged) = ledger.claim();
        assertEq(paid, 1200e18, "claimed");
        assertEq(charged, 56e18, "fee");
        assertEq(etro.balanceOf(alice), 1144e18, "user receives amount - fee");
        assertEq(etro.balanceOf(fees), 56e18, "receiver got the fee");
        assertEq(ledger.claimed(alice), 1200e18, "claimed counts the fee");
        assertEq(uint256(ledger.totalFees()), 56e18, "total fees");
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
        _credit(alice, 1e18, _now(), 0);
        assertTrue(ledger.writersSealed(), "sealed by the first credit");
        vm.expectRevert(LockLedger.WritersAreSealed.selector);
        ledger.setupWriter(bob, LockLedger.Kind.Swap);

        uint256 at = block.timestamp + ledger.WRITER_DELAY();
        vm.expectEmit(address(ledger));
        emit WriterProposed(bob, LockLedger.Kind.Stake, at);
        ledger.proposeWriter(bob, LockLedger.Kind.Stake);
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
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoProposal.selector, bob));
        ledger.executeWriter(bob);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.AlreadyWriter.selector, bob));
        ledger.proposeWriter(bob, LockLedger.Kind.Swap);
    }

    function test_WriterProposalsCanBeCancelledAndOnlyTheOwnerActs() public {
        ledger.sealWriters();
        ledger.proposeWriter(bob, LockLedger.Kind.Swap);
        ledger.cancelWriter(bob);
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

    function test_RemovingAWriterIsImmediate() public {
        vm.expectEmit(address(ledger));
        emit WriterRemoved(writer);
        ledger.removeWriter(writer);
        vm.startPrank(writer);
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, writer));
        ledger.credit(alice, 1e18, _now(), 0);
        vm.stopPrank();
    }

    function test_RevokeKeepsWhatWasReleasedAndReturnsTheRest() public {
        uint256 index = _creditAs(stakeWriter, alice, 100e18, _now(), 100 days);
        vm.warp(block.timestamp + 25 days);
        uint256 before = etro.balanceOf(stakeWriter);
        vm.expectEmit(address(ledger));
        emit Revoked(alice, stakeWriter, index, 75e18);
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, index), 75e18, "unreleased part returned");
        assertEq(etro.balanceOf(stakeWriter) - before, 75e18, "writer got it back");
        assertEq(ledger.credited(alice), 25e18, "credited less the revoked remainder");
        assertEq(ledger.released(alice), 25e18, "released stays");
        assertEq(ledger.locked(alice), 0, "nothing locked");
        vm.warp(block.timestamp + 200 days);
        assertEq(ledger.released(alice), 25e18, "a revoked entry releases no more");
        assertEq(_claim(alice), 25e18, "claims what it kept");
        LockLedger.Entry memory e = ledger.entryAt(alice, index);
        assertTrue(e.revoked, "marked revoked");
        assertEq(uint256(e.revokedReleased), 25e18, "kept amount recorded");
        assertEq(uint256(ledger.totalRevoked()), 75e18, "total revoked");
    }

    function test_RevokeRulesAndFinishedEntries() public {
        uint256 index = _creditAs(stakeWriter, alice, 100e18, _now(), 10 days);
        vm.prank(writer);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotEntryWriter.selector, alice, index, stakeWriter));
        ledger.revoke(alice, index);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotWriter.selector, alice));
        ledger.revoke(alice, index);
        vm.prank(stakeWriter);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.EntryOutOfRange.selector, alice, 5, 1));
        ledger.revoke(alice, 5);
        vm.prank(stakeWriter);
        ledger.revoke(alice, index);
        vm.prank(stakeWriter);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.AlreadyRevoked.selector, alice, index));
        ledger.revoke(alice, index);
        uint256 second = _creditAs(stakeWriter, alice, 50e18, _now(), 1 days);
        vm.warp(block.timestamp + 1 days);
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, second), 0, "a finished entry has nothing to revoke");
        assertEq(ledger.released(alice), 50e18, "and keeps all it released");
    }

    function test_RevokedEntriesAmongOthersFoldCorrectly() public {
        _creditAs(stakeWriter, alice, 40e18, _now(), 4 days);
        vm.warp(block.timestamp + 1 days);
        uint256 mid = _creditAs(stakeWriter, alice, 80e18, _now(), 4 days);
        vm.warp(block.timestamp + 1 days);
        _creditAs(stakeWriter, alice, 120e18, _now(), 4 days);
        vm.warp(block.timestamp + 1 days);
        // mid has released 2 of its 4 days: 40 kept, 40 back.
        vm.prank(stakeWriter);
        assertEq(ledger.revoke(alice, mid), 40e18, "half of mid back");
        // At +3 d: first 30, mid 40, last 30.
        assertEq(ledger.released(alice), 100e18, "released after the revocation");
        vm.warp(block.timestamp + 1 days);
        // +4 d: first finished 40, mid 40, last 60.
        assertEq(_claim(alice), 140e18, "first folded, mid frozen");
        vm.warp(block.timestamp + 2 days);
        // +6 d: mid and last finished: 40 + 40 + 120.
        assertEq(ledger.released(alice), 200e18, "all folded");
        assertEq(_claim(alice), 60e18, "the rest");
        assertEq(ledger.openStreamCount(alice), 0, "the finished stream is unlisted");
        assertEq(etro.balanceOf(alice), 200e18, "paid exactly what was kept");
    }

    function test_ClaimCostDoesNotGrowWithOpenEntries() public {
        _credit(alice, 10e18, _now(), 1 days);
        for (uint256 i = 0; i < 400; i++) {
            vm.warp(block.timestamp + 60);
            _credit(bob, 10e18, _now(), 1 days);
        }
        vm.warp(block.timestamp + 12 hours);
        _credit(alice, 1, _now(), 1 days);
        _credit(bob, 1, _now(), 1 days);
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

    function test_FinishedEntriesFoldInOneSearch() public {
        for (uint256 i = 0; i < 300; i++) {
            _credit(alice, 1e18, _now(), 1 hours);
            vm.warp(block.timestamp + 1);
        }
        _credit(alice, 1e18, _now(), 1 hours);
        vm.warp(block.timestamp + 1 hours - 1);
        // Every entry but the last has finished.
        assertEq(ledger.released(alice), 300e18 + uint256(1e18) * 3599 / 3600, "finished + the last one's share");
        assertEq(_claim(alice), 300e18 + uint256(1e18) * 3599 / 3600, "claim folds them");
        vm.warp(block.timestamp + 1 hours);
        assertEq(_claim(alice), 1e18 - uint256(1e18) * 3599 / 3600, "the last one");
    }

    function test_StreamsPerUserAreCapped() public {
        uint256 cap = ledger.MAX_STREAMS();
        for (uint256 i = 0; i < cap; i++) {
            _credit(alice, 1e18, _now(), uint64(1 days + i));
        }
        vm.startPrank(writer);
        require(etro.transfer(address(ledger), 1e18), "fund");
        vm.expectRevert(abi.encodeWithSelector(LockLedger.TooManyStreams.selector, alice, cap));
        ledger.credit(alice, 1e18, _now(), 3 days);
        // An existing stream still takes credits.
        ledger.credit(alice, 1e18, _now(), 1 days);
        vm.stopPrank();
        vm.warp(block.timestamp + 2 days);
        _claim(alice);
        assertEq(ledger.openStreamCount(alice), 0, "finished streams leave the list");
        _credit(alice, 1e18, _now(), 3 days);
        assertEq(ledger.openStreamCount(alice), 1, "room again");
    }

    function testFuzz_ReleasedNeverDecreasesAndMatchesEntries(uint256[6] memory amounts, uint256[6] memory gaps, uint8 revokeMask)
        public
    {
        uint64[3] memory durations = [uint64(1 days), 3 days, 0];
        uint256[6] memory idx;
        uint256 total;
        for (uint256 i = 0; i < 6; i++) {
            amounts[i] = bound(amounts[i], 1, 1_000_000e18);
            idx[i] = _creditAs(i % 2 == 0 ? writer : stakeWriter, alice, amounts[i], _now(), durations[i % 3]);
            total += amounts[i];
            vm.warp(block.timestamp + bound(gaps[i], 0, 1 days));
        }
        uint256 last = ledger.released(alice);
        uint256 revokedBack;
        for (uint256 i = 0; i < 6; i++) {
            if (i % 2 == 1 && (revokeMask >> i) & 1 == 1) {
                vm.prank(stakeWriter);
                revokedBack += ledger.revoke(alice, idx[i]);
                assertEq(ledger.released(alice), last, "a revocation keeps what was released");
            }
            vm.warp(block.timestamp + bound(gaps[i], 1, 12 hours));
            uint256 now_ = ledger.released(alice);
            assertGe(now_, last, "released never decreases");
            assertLe(now_, ledger.credited(alice), "released <= credited");
            last = now_;
            if (i % 3 == 0 && ledger.claimable(alice) > 0) _claim(alice);
        }
        vm.warp(block.timestamp + 4 days);
        if (ledger.claimable(alice) > 0) _claim(alice);
        assertEq(etro.balanceOf(alice) + revokedBack, total, "paid + revoked == credited");
        assertEq(etro.balanceOf(address(ledger)), 0, "ledger empty");
    }
}

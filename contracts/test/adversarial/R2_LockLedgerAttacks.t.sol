// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {EternoToken} from "../../src/EternoToken.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {ReentrantToken} from "../utils/ReentrantToken.sol";
import {Test} from "../utils/Test.sol";

// Session 9, second review (R2) of the redesigned LockLedger (issue 18 / security review H-1, I-1, L-4): the
// attacks a user, a writer or the owner would try on the bounded-work ledger, each asserting that it is REFUSED
// (or gains nothing). Run with --isolate (every top-level call its own transaction).
//   - rounding: a user claiming every second (1 wei at a time where that is all that was released), over a stream
//     of entries with awkward amounts and durations, or over a revocable entry, never takes more than the exact
//     (rational) release, and ends with exactly what was credited; a revocation after partial claims gives the
//     user exactly floor(amount * elapsed / duration) in total and the writer exactly the rest;
//   - the revocable table: a stale slot index (freed by a claim, reused by another writer's entry) cannot be
//     revoked by the old writer nor revoked twice; only the entry's writer (active or removed) revokes it;
//   - claimStreams: a key given twice pays once, a key that is not listed is refused;
//   - a stream that restarted at position 0 never reads the previous epoch's positions (no double count, no loss);
//   - funding: a surplus (a donation) backs at most one credit, whoever credits it; two writers cannot both
//     credit against it;
//   - packing: amounts beyond the packed fields (uint96 prefix sums, int96 balances, uint96 revocable amounts,
//     uint32 start times) revert instead of truncating, and leave the ledger as it was;
//   - reentrancy: a token that calls back into claim / revoke from inside the ledger's transfer is refused.
contract R2LockLedgerAttacksTest is Test {
    address private constant SWAP_WRITER = address(0x5A);
    address private constant STAKE_WRITER = address(0x57);
    address private constant OTHER_STAKE_WRITER = address(0x58);
    address private constant FEES = address(0xFEE);
    address private alice = address(0xA11CE);
    EternoToken private etro;
    LockLedger private ledger;

    function setUp() public {
        vm.warp(1_000_000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        ledger = new LockLedger(etro, address(this));
        ledger.setupWriter(SWAP_WRITER, LockLedger.Kind.Swap);
        ledger.setupWriter(STAKE_WRITER, LockLedger.Kind.Stake);
        ledger.setupWriter(OTHER_STAKE_WRITER, LockLedger.Kind.Stake);
        ledger.setFeeReceiver(FEES);
        ledger.setClaimFees(0, 0);
    }

    function _fundAndCredit(address writer, address user, uint256 amount, uint256 duration) private {
        require(etro.transfer(address(ledger), amount), "fund");
        vm.prank(writer);
        ledger.credit(user, amount, duration);
    }

    function _fundAndCreditRevocable(address writer, address user, uint256 amount, uint256 duration)
        private
        returns (uint256 slot)
    {
        require(etro.transfer(address(ledger), amount), "fund");
        vm.prank(writer);
        slot = ledger.creditRevocable(user, amount, duration);
    }

    function _claimIfAny(address user) private returns (uint256 amount) {
        if (ledger.claimable(user) == 0) return 0;
        vm.prank(user);
        (amount,) = ledger.claim();
    }

    function _assertSolvent() private view {
        assertGe(
            etro.balanceOf(address(ledger)),
            uint256(ledger.totalCredited()) - ledger.totalClaimed(),
            "the ledger holds what it owes"
        );
    }

    // ------------------------------------------------------------------ rounding

    /// @notice Five entries of odd wei amounts in one stream of an odd duration, claimed every second: the user never
    ///         holds more than the exact release (claimed * duration <= sum of amount * min(elapsed, duration)), the
    ///         ledger's `released` never exceeds it either, and at the end the user has exactly what was credited.
    function testFuzz_ClaimingEverySecondNeverTakesMoreThanTheExactRelease(uint256 seed) public {
        uint256 duration = bound(seed, 3, 61);
        uint256[5] memory amounts;
        uint256[5] memory starts;
        uint256 total;
        for (uint256 i = 0; i < 5; ++i) {
            amounts[i] = bound(uint256(keccak256(abi.encode(seed, i))), 1, 1_000);
            starts[i] = block.timestamp;
            _fundAndCredit(SWAP_WRITER, alice, amounts[i], duration);
            total += amounts[i];
            vm.warp(block.timestamp + bound(uint256(keccak256(abi.encode(seed, i, "gap"))), 0, duration / 2));
        }
        uint256 claimedTotal;
        for (uint256 step = 0; step < 3 * duration; ++step) {
            vm.warp(block.timestamp + 1);
            claimedTotal += _claimIfAny(alice);
            uint256 exact; // sum of amount * min(elapsed, duration): the release times `duration`, unrounded
            for (uint256 i = 0; i < 5; ++i) {
                uint256 elapsed = block.timestamp - starts[i];
                exact += amounts[i] * (elapsed < duration ? elapsed : duration);
            }
            assertLe(claimedTotal * duration, exact, "never claimed more than the exact release");
            assertLe(ledger.released(alice) * duration, exact, "released never above the exact release");
            assertEq(ledger.claimed(alice), claimedTotal, "claimed counts every claim");
        }
        assertEq(claimedTotal, total, "in the end exactly what was credited");
        assertEq(etro.balanceOf(alice), total, "and paid");
        _assertSolvent();
    }

    /// @notice A revocable entry claimed every few seconds, then revoked: the user's claims never exceed the exact
    ///         release, and in total the user gets floor(amount * elapsed / duration) at the revocation, the writer
    ///         exactly the rest.
    function testFuzz_RevocableClaimsThenRevocationSplitExactly(uint256 amount, uint256 duration, uint256 seed) public {
        amount = bound(amount, 1, 1e24);
        duration = bound(duration, 2, 400);
        uint256 start = block.timestamp;
        uint256 slot = _fundAndCreditRevocable(STAKE_WRITER, alice, amount, duration);
        uint256 claimedTotal;
        uint256 steps = bound(seed, 1, duration - 1);
        for (uint256 i = 0; i < steps; ++i) {
            vm.warp(block.timestamp + 1);
            if (uint256(keccak256(abi.encode(seed, i))) % 3 != 0) claimedTotal += _claimIfAny(alice);
            assertLe(claimedTotal * duration, amount * (block.timestamp - start), "never above the exact release");
        }
        uint256 writerBefore = etro.balanceOf(STAKE_WRITER);
        vm.prank(STAKE_WRITER);
        uint256 back = ledger.revoke(alice, slot);
        uint256 kept = amount * (block.timestamp - start) / duration;
        assertEq(back, amount - kept, "the writer gets exactly the unreleased part");
        assertEq(etro.balanceOf(STAKE_WRITER) - writerBefore, amount - kept, "and receives it");
        assertEq(ledger.credited(alice), kept, "the user keeps exactly the release at the revocation");
        vm.warp(block.timestamp + 10 * duration);
        claimedTotal += _claimIfAny(alice);
        assertEq(claimedTotal, kept, "claims before and after add up to what was kept");
        assertEq(ledger.claimable(alice), 0, "nothing more, however long one waits");
        _assertSolvent();
    }

    // ------------------------------------------------------------------ the revocable table

    /// @notice A slot freed by a claim and reused by another writer: the old writer's stale index cannot revoke the new
    ///         entry, a revoked or freed slot cannot be revoked again, a removed writer still revokes only its own.
    function test_AStaleSlotIndexRevokesNothingOfAnotherWriterAndNothingTwice() public {
        uint256 first = _fundAndCreditRevocable(STAKE_WRITER, alice, 100e18, 1 hours);
        uint256 second = _fundAndCreditRevocable(OTHER_STAKE_WRITER, alice, 100e18, 10 days);
        assertEq(first, 0, "slot 0");
        assertEq(second, 1, "slot 1");
        vm.warp(block.timestamp + 1 hours);
        _claimIfAny(alice); // the first entry has finished: its slot is freed
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, first));
        ledger.revoke(alice, first);

        uint256 reused = _fundAndCreditRevocable(OTHER_STAKE_WRITER, alice, 50e18, 10 days);
        assertEq(reused, first, "the other writer's new entry takes the freed slot");
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotEntryWriter.selector, alice, first, OTHER_STAKE_WRITER));
        ledger.revoke(alice, first);
        vm.prank(address(0xBAD));
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NotEntryWriter.selector, alice, second, OTHER_STAKE_WRITER));
        ledger.revoke(alice, second);
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, 16));
        ledger.revoke(alice, 16);

        // The owner removes the other writer: it may still revoke its own entries, once each.
        ledger.removeWriter(OTHER_STAKE_WRITER);
        vm.prank(OTHER_STAKE_WRITER);
        uint256 back = ledger.revoke(alice, reused);
        assertEq(back, 50e18, "revoked in the same block: all of it back");
        vm.prank(OTHER_STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, reused));
        ledger.revoke(alice, reused);
        vm.prank(OTHER_STAKE_WRITER);
        ledger.revoke(alice, second);
        vm.prank(OTHER_STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, second));
        ledger.revoke(alice, second);
        assertEq(
            ledger.credited(alice), 100e18 + uint256(100e18) / 240, "the first entry whole, one hour of the second"
        );
        _assertSolvent();
    }

    /// @notice A full table whose finished entries are moved out by the next credit: their release is paid once (not
    ///         again from the stale slots), and the moved slots cannot be revoked.
    function test_FreeingAFullTablePaysEachFinishedEntryOnce() public {
        for (uint256 i = 0; i < 16; ++i) {
            _fundAndCreditRevocable(STAKE_WRITER, alice, 1e18, i < 8 ? 1 hours : 30 days);
        }
        vm.warp(block.timestamp + 1 hours);
        _claimIfAny(alice); // frees the 8 finished slots (0-7) through the claim
        for (uint256 i = 0; i < 8; ++i) {
            _fundAndCreditRevocable(STAKE_WRITER, alice, 1e18, 2 hours); // refills 0-7
        }
        vm.warp(block.timestamp + 2 hours);
        // Table full; 8 finished: the next credit moves them out to the instant stream.
        uint256 slot = _fundAndCreditRevocable(STAKE_WRITER, alice, 1e18, 1 days);
        assertEq(slot, 0, "a freed slot");
        for (uint256 i = 1; i < 8; ++i) {
            vm.prank(STAKE_WRITER);
            vm.expectRevert(abi.encodeWithSelector(LockLedger.NoRevocableEntry.selector, alice, i));
            ledger.revoke(alice, i);
        }
        vm.warp(block.timestamp + 30 days);
        _claimIfAny(alice);
        assertEq(ledger.claimed(alice), 25e18, "each of the 25 entries paid exactly once");
        assertEq(etro.balanceOf(alice), 25e18, "and received");
        assertEq(_claimIfAny(alice), 0, "nothing twice");
        _assertSolvent();
    }

    // ------------------------------------------------------------------ claimStreams

    /// @notice A key given twice pays once; a key that is not (or no longer) listed is refused.
    function test_ClaimStreamsWithDuplicatesOrUnlistedKeysPaysNothingTwice() public {
        _fundAndCredit(SWAP_WRITER, alice, 100e18, 1 days);
        _fundAndCredit(STAKE_WRITER, alice, 60e18, 30 days);
        uint256 swapKey = (uint256(LockLedger.Kind.Swap) << 48) | 1 days;
        uint256 stakeKey = (uint256(LockLedger.Kind.Stake) << 48) | 30 days;
        vm.warp(block.timestamp + 12 hours);
        (uint256 quoted,) = ledger.quoteClaim(alice);
        uint256[] memory keys = new uint256[](4);
        (keys[0], keys[1], keys[2], keys[3]) = (swapKey, swapKey, stakeKey, stakeKey);
        vm.prank(alice);
        (uint256 amount,) = ledger.claimStreams(keys);
        assertEq(amount, quoted, "each stream once");
        assertEq(amount, 50e18 + 1e18, "half a day of each");

        uint256[] memory unlisted = new uint256[](1);
        unlisted[0] = (uint256(LockLedger.Kind.Swap) << 48) | (500 << 32) | 1 days; // the 5 % stream: never credited
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.StreamNotListed.selector, alice, unlisted[0]));
        ledger.claimStreams(unlisted);

        // Once the swap stream has vested and been claimed it leaves the list: giving it again is refused, so a
        // duplicate after the stream emptied cannot pay twice either.
        vm.warp(block.timestamp + 12 hours);
        uint256[] memory twice = new uint256[](2);
        (twice[0], twice[1]) = (swapKey, swapKey);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.StreamNotListed.selector, alice, swapKey));
        ledger.claimStreams(twice);
        uint256[] memory once = new uint256[](1);
        once[0] = swapKey;
        vm.prank(alice);
        (amount,) = ledger.claimStreams(once);
        assertEq(amount, 50e18, "the rest of the swap stream, once");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.StreamNotListed.selector, alice, swapKey));
        ledger.claimStreams(once);
        assertEq(ledger.claimed(alice), 101e18, "claimed: exactly the release");
        _assertSolvent();
    }

    // ------------------------------------------------------------------ restarts

    /// @notice Three entries vest, the stream restarts at position 0 with later credits overwriting old positions: the
    ///         new epoch's figures never include the old positions, and the old folded balance is neither lost nor
    ///         counted twice.
    function test_ARestartedStreamNeverReadsThePreviousEpoch() public {
        uint256 t0 = block.timestamp;
        _fundAndCredit(SWAP_WRITER, alice, 100, 100);
        vm.warp(t0 + 10);
        _fundAndCredit(SWAP_WRITER, alice, 200, 100);
        vm.warp(t0 + 20);
        _fundAndCredit(SWAP_WRITER, alice, 300, 100);
        vm.warp(t0 + 200); // all three have vested, none claimed
        _fundAndCredit(SWAP_WRITER, alice, 50, 100); // folds, restarts at position 0
        uint256 key = 100;
        LockLedger.Stream memory stream = ledger.streamOf(alice, key);
        assertEq(stream.length, 1, "one position in the new epoch");
        assertEq(uint256(int256(stream.balance)), 600, "the old epoch folded into the balance");
        vm.warp(t0 + 250);
        assertEq(ledger.released(alice), 625, "600 + half of 50");
        assertEq(_claimIfAny(alice), 625, "claimed");
        _fundAndCredit(SWAP_WRITER, alice, 70, 100); // position 1 (the old 200's slot) rewritten
        vm.warp(t0 + 300);
        assertEq(ledger.released(alice), 650 + 35, "the 50 vested, half of the 70; the old 200 and 300 not read");
        assertEq(ledger.credited(alice), 720, "credited: 600 + 50 + 70");
        vm.warp(t0 + 400);
        assertEq(_claimIfAny(alice), 95, "the rest");
        assertEq(ledger.claimed(alice), 720, "exactly every credit");
        assertEq(ledger.streamKeysOf(alice).length, 0, "the emptied stream left the list");
        _fundAndCredit(SWAP_WRITER, alice, 10, 100); // a third epoch, listed again
        vm.warp(t0 + 500);
        assertEq(_claimIfAny(alice), 10, "a third epoch pays its own credit only");
        _assertSolvent();
    }

    // ------------------------------------------------------------------ funding

    /// @notice A donation (surplus) backs at most one credit: once a writer credits against it, another writer's
    ///         unfunded credit is refused, and a writer whose transfer was used by another's credit cannot credit.
    function test_ASurplusBacksOneCreditNotTwo() public {
        require(etro.transfer(address(ledger), 100e18), "a donation");
        vm.prank(SWAP_WRITER);
        ledger.credit(alice, 100e18, 1 days); // unfunded by the writer itself: the surplus covers it
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.Unfunded.selector, 101e18, 100e18));
        ledger.credit(alice, 1e18, 1 days);
        // Interleaved: writer A funds, writer B credits first against A's transfer; A's own credit is then refused
        // (its whole transaction reverts, so in a real writer its transfer too): never two credits for one transfer.
        require(etro.transfer(address(ledger), 10e18), "writer A funds");
        vm.prank(OTHER_STAKE_WRITER);
        ledger.credit(address(0xB0B), 10e18, 0);
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.Unfunded.selector, 120e18, 110e18));
        ledger.creditRevocable(alice, 10e18, 1 days);
        assertEq(uint256(ledger.totalCredited()), 110e18, "credited == what the ledger holds");
        _assertSolvent();
    }

    // ------------------------------------------------------------------ packing

    /// @notice Amounts beyond the packed fields revert (SafeCast) instead of truncating; the ledger is unchanged.
    function test_PackedFieldsNeverTruncate() public {
        EternoToken big = new EternoToken("BIG", "BIG", 2 ** 120, address(this));
        LockLedger wide = new LockLedger(big, address(this));
        wide.setupWriter(SWAP_WRITER, LockLedger.Kind.Swap);
        wide.setupWriter(STAKE_WRITER, LockLedger.Kind.Stake);
        require(big.transfer(address(wide), 2 ** 119), "fund");
        uint256 tooBig = 2 ** 96;
        // A stream position's prefix sum is uint96.
        vm.prank(SWAP_WRITER);
        wide.credit(alice, tooBig - 1, 1 days);
        vm.prank(SWAP_WRITER);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 96, 2 * tooBig - 1));
        wide.credit(alice, tooBig, 1 days);
        // A duration-0 stream's balance is int96.
        vm.prank(SWAP_WRITER);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedIntDowncast.selector, 96, int256(tooBig)));
        wide.credit(alice, tooBig, 0);
        // A revocable amount is uint96.
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 96, tooBig));
        wide.creditRevocable(alice, tooBig, 1 days);
        assertEq(wide.credited(alice), tooBig - 1, "only the credit that fits");
        assertEq(uint256(wide.totalCredited()), tooBig - 1, "totals unchanged by the refusals");
        // Start times are uint32: a credit after 2106 is refused, not wrapped to 1970.
        vm.warp(2 ** 32);
        vm.prank(STAKE_WRITER);
        vm.expectRevert(abi.encodeWithSelector(SafeCast.SafeCastOverflowedUintDowncast.selector, 32, 2 ** 32));
        wide.credit(address(0xB0B), 1, 1 days);
    }

    // ------------------------------------------------------------------ reentrancy

    /// @notice A token that calls back into the ledger from inside the claim's or the revocation's transfer is
    ///         refused: claim and revoke hold the reentrancy guard, and their state is written before the transfers.
    function test_ATokenCallingBackIntoTheLedgerIsRefused() public {
        ReentrantToken evil = new ReentrantToken(1_000_000e18, address(this));
        LockLedger hooked = new LockLedger(evil, address(this));
        hooked.setupWriter(SWAP_WRITER, LockLedger.Kind.Swap);
        hooked.setupWriter(STAKE_WRITER, LockLedger.Kind.Stake);
        require(evil.transfer(address(hooked), 200e18), "fund");
        vm.prank(SWAP_WRITER);
        hooked.credit(alice, 100e18, 0);
        vm.prank(STAKE_WRITER);
        uint256 slot = hooked.creditRevocable(alice, 100e18, 1 days);
        evil.arm(address(hooked), abi.encodeCall(LockLedger.claim, ()));
        vm.prank(alice);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        hooked.claim();
        evil.arm(address(hooked), abi.encodeCall(LockLedger.revoke, (alice, slot)));
        vm.prank(STAKE_WRITER);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        hooked.revoke(alice, slot);
        evil.arm(address(0), "");
        vm.prank(alice);
        (uint256 amount,) = hooked.claim();
        assertEq(amount, 100e18, "disarmed: the instant credit, once");
    }
}
